import { describe, expect, it } from 'vitest';
import { embeddedApiToken } from '@server/auth/embedded-api-token';
import { TEST_SERVER_SECRET } from '../support/app';
import { databaseKinds } from '../support/database';
import { demoImportRoles, file, importWorld, row } from './harness';

interface LogEvent {
  eventType: string;
  displayMessage: string;
  outcome: { result: string; reason: string | null };
  actor: { alternateId: string };
  target: { id: string; type: string }[] | null;
}

/**
 * The import's end in the System Log (issue 33 item 4, docs/event-hooks.md "Event types"): one
 * `system.import.complete` per committed job, with the counts and nothing from the file.
 */
describe.each(databaseKinds)('user import done event (%s)', (kind) => {
  const world = importWorld(kind);

  const importEvents = async () => {
    const filter = encodeURIComponent('eventType eq "system.import.complete"');
    const answer = await world.t.app.inject({
      method: 'GET',
      url: `/api/v1/logs?limit=1000&sortOrder=ASCENDING&filter=${filter}`,
      headers: { authorization: `SSWS ${embeddedApiToken(TEST_SERVER_SECRET)}`, accept: 'application/json' },
    });
    expect(answer.statusCode).toBe(200);
    return answer.json<LogEvent[]>();
  };

  it('records a finished import once, with its counts and no personal data', async () => {
    const csv = file(
      row('hana@umbrella.test', { FirstName: 'Hana', Role: 'Agent' }),
      row('ivo@umbrella.test', { FirstName: 'Ivo', Role: '' }),
      row('jon@umbrella.test', { ZipCode: 'nope' }),
    );
    const preview = await world.io.preview(world.umbrella, csv, { roles: await demoImportRoles(world.t) });
    const done = await world.io.commit(preview.job.id, 'upsert');
    expect(done.outcomes).toMatchObject({ created: 2, failed: 1 });

    const events = (await importEvents()).filter((event) =>
      (event.target ?? []).some((target) => target.id === preview.job.id),
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      displayMessage: 'Import completed',
      outcome: { result: 'SUCCESS', reason: 'created 2, updated 0, unchanged 0, skipped 0, failed 1' },
      actor: { alternateId: 'AUL__admin@gatehouse.test' },
      target: [{ id: preview.job.id, type: 'UserImport' }],
    });
    // Nothing from the file: no address, no name.
    const text = JSON.stringify(events[0]);
    for (const personal of ['hana', 'Hana', 'ivo@', 'jon@', 'umbrella.test']) expect(text).not.toContain(personal);

    // Committing the same job again changes nothing and is not a second import.
    await world.io.commit(preview.job.id, 'upsert');
    expect(
      (await importEvents()).filter((event) => (event.target ?? []).some((target) => target.id === preview.job.id)),
    ).toHaveLength(1);
  });
});
