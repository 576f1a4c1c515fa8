import { describe, expect, it } from 'vitest';
import { initialTransition, transition } from 'xstate';
import type { ImportPreview } from '@contracts/user-import';
import { userImportMachine } from '@machines/user-import/user-import.machine';
import {
  selectMayChooseClient,
  selectMayUseButtons,
  selectProgress,
  selectRefusal,
  selectStep,
} from '@machines/user-import/user-import.selectors';
import { doneEvent, errorEvent } from '../../support/controlled-actor';
import { fakePorts } from '../../support/fake-ports';
import {
  importCounts as counts,
  importJob as job,
  noOutcomes as outcomes,
  umbrella,
} from '../../support/import-fixtures';

const roles = [{ applicationId: '00000000-0000-4000-8000-0000000000a1', roles: ['Member', 'Agent'] }];
const file = (size: number) => ({ name: 'people.csv', size, type: 'text/csv', lastModified: 0 });
const preview: ImportPreview = {
  job: job(),
  problems: [{ line: 3, column: 'Email', message: 'is not an e-mail address' }],
};
const sentTo = (actions: { type: string; params?: unknown }[]) =>
  actions.filter((action) => action.type === 'xstate.sendTo').map((action) => action.params);

const input = () => ({ ports: fakePorts().ports });
const start = () => initialTransition(userImportMachine, input())[0];
const listed = () => transition(userImportMachine, start(), doneEvent('loadClients', [umbrella]))[0];
const chosen = () => transition(userImportMachine, listed(), { type: 'client.select', clientId: umbrella.id })[0];
const ready = () => transition(userImportMachine, chosen(), doneEvent('loadClient', { roles, history: [] }))[0];
const uploading = () => transition(userImportMachine, ready(), { type: 'file.choose', file: file(2_000) })[0];
const previewing = () => transition(userImportMachine, uploading(), doneEvent('upload', { ok: true, preview }))[0];
const committing = () => transition(userImportMachine, previewing(), { type: 'import.commit', mode: 'upsert' })[0];

describe('user import (admin-and-board §2, §4, §5, §8)', () => {
  it('lists the importable clients first; the buttons wait for a client', () => {
    const s = listed();
    expect(selectStep(s)).toBe('choosing');
    expect(s.context.clients).toEqual([umbrella]);
    expect(selectMayChooseClient(s)).toBe(true);
    expect(selectMayUseButtons(s)).toBe(false);
  });

  it('ignores a client that is not in the list', () => {
    const s = transition(userImportMachine, listed(), { type: 'client.select', clientId: 'elsewhere' })[0];
    expect(selectStep(s)).toBe('choosing');
  });

  it('enables the buttons only once the chosen client’s roles have loaded', () => {
    expect(selectStep(chosen())).toBe('loadingRoles');
    expect(selectMayUseButtons(chosen())).toBe(false);
    expect(selectMayUseButtons(ready())).toBe(true);
    expect(ready().context.roles).toEqual(roles);
  });

  it('refuses a file of 1,048,576 bytes or more without calling the server, and takes one a byte smaller', () => {
    const refused = transition(userImportMachine, ready(), { type: 'file.choose', file: file(1_048_576) })[0];
    expect(selectStep(refused)).toBe('ready');
    expect(selectRefusal(refused)).toEqual({ kind: 'tooLarge', fileName: 'people.csv' });
    const taken = transition(userImportMachine, ready(), { type: 'file.choose', file: file(1_048_575) })[0];
    expect(selectStep(taken)).toBe('uploading');
  });

  it('disables the buttons and the client select while the file uploads', () => {
    const s = uploading();
    expect(selectMayUseButtons(s)).toBe(false);
    expect(selectMayChooseClient(s)).toBe(false);
    expect(s.hasTag('busy')).toBe(true);
    const still = transition(userImportMachine, s, { type: 'client.select', clientId: umbrella.id })[0];
    expect(selectStep(still)).toBe('uploading');
  });

  it('shows the dry run’s preview, or the server’s refusal of the file back at ready', () => {
    expect(selectStep(previewing())).toBe('preview');
    const refused = transition(
      userImportMachine,
      uploading(),
      doneEvent('upload', { ok: false, message: 'The file is empty.' }),
    )[0];
    expect(selectStep(refused)).toBe('ready');
    expect(selectRefusal(refused)).toEqual({ kind: 'refused', message: 'The file is empty.' });
  });

  it('discards a preview back to ready', () => {
    const s = transition(userImportMachine, previewing(), { type: 'import.discard' })[0];
    expect(selectStep(s)).toBe('ready');
    expect(s.context.preview).toBeNull();
  });

  it('commits in the chosen mode, follows the progress, and ends when the job is committed', () => {
    const s = committing();
    expect(s.value).toEqual({ committing: 'starting' });
    expect(s.context.mode).toBe('upsert');
    const half = job({ status: 'committing', counts: { ...counts, done: 1 } });
    const watching = transition(userImportMachine, s, doneEvent('commit', half))[0];
    expect(watching.value).toEqual({ committing: 'watching' });
    expect(selectProgress(watching)).toEqual({ done: 1, total: 3 });
    const more = transition(
      userImportMachine,
      watching,
      doneEvent('watch', job({ status: 'committing', counts: { ...counts, done: 2 } })),
    )[0];
    expect(more.value).toEqual({ committing: 'watching' });
    expect(selectProgress(more)).toEqual({ done: 2, total: 3 });
    const finished = job({
      status: 'committed',
      counts: { ...counts, done: 3 },
      outcomes: { ...outcomes, created: 2, failed: 1 },
    });
    const done = transition(userImportMachine, more, doneEvent('watch', finished))[0];
    expect(selectStep(done)).toBe('done');
    expect(done.context.job).toEqual(finished);
    expect(done.context.history).toEqual([finished]);
  });

  it('goes straight to done when the commit is already over (a job committed before)', () => {
    const over = job({ status: 'committed' });
    const s = transition(userImportMachine, committing(), doneEvent('commit', over))[0];
    expect(selectStep(s)).toBe('done');
  });

  it('reports a failed call to the notifications port and offers to start again', () => {
    const [failed, actions] = transition(userImportMachine, committing(), errorEvent('commit', new Error('down')));
    expect(selectStep(failed)).toBe('failed');
    expect(sentTo(actions)).toMatchObject([{ event: { type: 'error.report', action: 'userImport' } }]);
    const again = transition(userImportMachine, failed, { type: 'import.again' })[0];
    expect(selectStep(again)).toBe('loadingRoles');
    expect(again.context.clientId).toBe(umbrella.id);
  });

  it('downloads the template in ready and the report when done, without leaving the step', () => {
    const [stay, actions] = transition(userImportMachine, ready(), { type: 'template.download' });
    expect(selectStep(stay)).toBe('ready');
    expect(actions).toContainEqual(
      expect.objectContaining({ type: 'downloadTemplate', params: { clientId: umbrella.id } }),
    );
    const done = transition(userImportMachine, committing(), doneEvent('commit', job({ status: 'committed' })))[0];
    const [after, reportActions] = transition(userImportMachine, done, { type: 'report.download' });
    expect(selectStep(after)).toBe('done');
    expect(reportActions).toContainEqual(
      expect.objectContaining({ type: 'downloadReport', params: { jobId: job().id, fileName: 'people.csv' } }),
    );
  });
});
