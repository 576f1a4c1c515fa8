import { describe, expect, it } from 'vitest';
import { initialTransition, transition } from 'xstate';
import { importModes, type ImportPreview } from '@contracts/user-import';
import { userImportMachine } from '@machines/user-import/user-import.machine';
import { ApiError } from '@contracts/failures';
import {
  selectInvited,
  selectInviteFailure,
  selectInviteStep,
  selectMayChooseClient,
  selectMayInvite,
  selectMayUseButtons,
  selectNewPeople,
  selectCommitPhase,
  selectProgress,
  selectRefusal,
  selectStep,
  selectCheckingRows,
  selectMayCommit,
  selectNothingToImport,
  selectOutcome,
  selectOutcomeKind,
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

const input = () => ({ ports: fakePorts().ports, culture: 'es' as const });
const start = () => initialTransition(userImportMachine, input())[0];
const listed = () => transition(userImportMachine, start(), doneEvent('loadClients', [umbrella]))[0];
const chosen = () => transition(userImportMachine, listed(), { type: 'client.select', clientId: umbrella.id })[0];
const ready = () => transition(userImportMachine, chosen(), doneEvent('loadClient', { roles, history: [] }))[0];
const uploading = () => transition(userImportMachine, ready(), { type: 'file.choose', file: file(2_000) })[0];
/** The upload's answer: the dry run started, its job still checking the rows. */
const started: ImportPreview = { job: job({ status: 'checking' }), problems: [] };
const checking = () =>
  transition(userImportMachine, uploading(), doneEvent('upload', { ok: true, preview: started }))[0];
/** The dry run's job followed until its rows are checked: the preview of `ended` (the three-row one by default). */
const previewOf = (ended: ImportPreview) => transition(userImportMachine, checking(), doneEvent('check', ended))[0];
const previewing = () => previewOf(preview);
const committing = () => transition(userImportMachine, previewing(), { type: 'import.commit', mode: 'upsert' })[0];
const confirming = () => transition(userImportMachine, previewing(), { type: 'invite.start' })[0];
const sending = () => transition(userImportMachine, confirming(), { type: 'invite.confirm' })[0];
const counted = { invited: 1, alreadyInvited: 1, alreadyMembers: 0 };

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

  it('follows the dry run’s job until every row is checked: busy meanwhile, never one request held open', () => {
    const s = checking();
    expect(s.value).toEqual({ uploading: 'checking' });
    expect(selectStep(s)).toBe('uploading');
    expect(selectCheckingRows(s)).toBe(3);
    expect(s.hasTag('busy')).toBe(true);
    expect(s.children.check).toBeDefined();
    const still = transition(userImportMachine, s, doneEvent('check', started))[0];
    expect(still.value).toEqual({ uploading: 'checking' });
    expect(still.children.check).toBeDefined();
    const ended = transition(userImportMachine, still, doneEvent('check', preview))[0];
    expect(selectStep(ended)).toBe('preview');
    expect(ended.context.preview).toEqual(preview);
    expect(selectCheckingRows(ended)).toBeNull();
  });

  it('reports a check of the dry run that fails (its job gone) and offers to start again', () => {
    const [failed, actions] = transition(userImportMachine, checking(), errorEvent('check', new Error('gone')));
    expect(selectStep(failed)).toBe('failed');
    expect(sentTo(actions)).toMatchObject([{ event: { type: 'error.report', action: 'userImport' } }]);
  });

  it('disables Import when the preview has no row the mode would import (issue 29 §4)', () => {
    const allFailed = previewOf({
      job: job({ counts: { ...counts, total: 4, new: 0, failed: 4 } }),
      problems: [{ line: 2, column: 'Email', message: 'is required', failure: { kind: 'required' } }],
    });
    for (const mode of importModes) expect(selectMayCommit(allFailed, mode)).toBe(false);
    expect(selectNothingToImport(allFailed)).toBe(true);
    const refused = transition(userImportMachine, allFailed, { type: 'import.commit', mode: 'upsert' })[0];
    expect(selectStep(refused)).toBe('preview');

    const onlyUpdates = previewOf({ ...preview, job: job({ counts: { ...counts, new: 0, updated: 2 } }) });
    expect(selectMayCommit(onlyUpdates, 'create')).toBe(false);
    expect(selectMayCommit(onlyUpdates, 'update')).toBe(true);
    expect(selectMayCommit(onlyUpdates, 'upsert')).toBe(true);
    expect(selectNothingToImport(onlyUpdates)).toBe(false);
    expect(selectMayCommit(previewing(), 'update')).toBe(false);
    expect(selectMayCommit(previewing(), 'create')).toBe(true);
  });

  describe('what a commit did, by the server’s counts (issue 29 §4)', () => {
    const committed = (over: Partial<typeof outcomes>) =>
      job({ status: 'committed', counts: { ...counts, done: 3 }, outcomes: { ...outcomes, ...over } });
    const end = (over: Partial<typeof outcomes>) =>
      transition(userImportMachine, committing(), doneEvent('commit', committed(over)));

    it('is done.nothing when nobody was created or updated: 0 created, 4 failed is never a success', () => {
      const [s] = end({ failed: 4 });
      expect(s.value).toEqual({ done: 'nothing' });
      expect(selectOutcomeKind(s)).toBe('nothing');
      expect(selectOutcome(s)).toMatchObject({ created: 0, failed: 4 });
    });

    it('is done.partly when people were imported and some rows failed', () => {
      const [s] = end({ created: 2, failed: 1 });
      expect(s.value).toEqual({ done: 'partly' });
      expect(selectOutcomeKind(s)).toBe('partly');
    });

    it('is done.succeeded only when people were imported and no row failed', () => {
      expect(end({ created: 2, unchanged: 1 })[0].value).toEqual({ done: 'succeeded' });
      expect(end({ updated: 3 })[0].value).toEqual({ done: 'succeeded' });
      expect(end({ unchanged: 3 })[0].value).toEqual({ done: 'nothing' });
    });

    it('tells the users grid to read its page again once the commit ends, whatever it did', () => {
      for (const over of [{ failed: 4 }, { created: 1, failed: 1 }, { created: 3 }]) {
        const [, actions] = end(over);
        expect(sentTo(actions)).toMatchObject([{ event: { type: 'grid.refresh' } }]);
      }
      const half = job({ status: 'committing', counts: { ...counts, done: 1 } });
      const [, watching] = transition(userImportMachine, committing(), doneEvent('commit', half));
      expect(sentTo(watching)).toEqual([]);
    });
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

  it('follows the mail phase once every row is done: the bar counts the activation mails, then done', () => {
    const half = job({ status: 'committing', counts: { ...counts, done: 1 } });
    const watching = transition(userImportMachine, committing(), doneEvent('commit', half))[0];
    const rowsDone = { counts: { ...counts, done: 3 }, outcomes: { ...outcomes, created: 2, failed: 1 } };
    const mailing = transition(
      userImportMachine,
      watching,
      doneEvent('watch', job({ status: 'mailing', ...rowsDone, mails: { total: 2, done: 0 } })),
    )[0];
    expect(mailing.value).toEqual({ committing: 'mailing' });
    expect(selectCommitPhase(mailing)).toBe('mails');
    expect(selectProgress(mailing)).toEqual({ done: 0, total: 2 });
    expect(selectMayChooseClient(mailing)).toBe(false);
    const more = transition(
      userImportMachine,
      mailing,
      doneEvent('watch', job({ status: 'mailing', ...rowsDone, mails: { total: 2, done: 1 } })),
    )[0];
    expect(more.value).toEqual({ committing: 'mailing' });
    expect(selectProgress(more)).toEqual({ done: 1, total: 2 });
    const finished = job({ status: 'committed', ...rowsDone, mails: { total: 2, done: 2 } });
    const done = transition(userImportMachine, more, doneEvent('watch', finished))[0];
    expect(selectStep(done)).toBe('done');
    expect(selectCommitPhase(done)).toBeNull();
    expect(done.context.job).toEqual(finished);
  });

  it('starts in the mail phase when the commit resumes a job that was sending its mails', () => {
    const resumed = job({ status: 'mailing', counts: { ...counts, done: 3 }, mails: { total: 2, done: 1 } });
    const s = transition(userImportMachine, committing(), doneEvent('commit', resumed))[0];
    expect(s.value).toEqual({ committing: 'mailing' });
    expect(selectProgress(s)).toEqual({ done: 1, total: 2 });
  });

  it('fails when a watch of the mail phase fails', () => {
    const mailing = transition(
      userImportMachine,
      committing(),
      doneEvent('commit', job({ status: 'mailing', counts: { ...counts, done: 3 }, mails: { total: 2, done: 0 } })),
    )[0];
    const failed = transition(userImportMachine, mailing, errorEvent('watch', new Error('down')))[0];
    expect(selectStep(failed)).toBe('failed');
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

  describe('inviting the new people instead of creating them', () => {
    it('offers to invite the preview’s new people, and asks first', () => {
      expect(selectMayInvite(previewing())).toBe(true);
      expect(selectNewPeople(previewing())).toBe(2);
      expect(selectStep(confirming())).toBe('inviting');
      expect(selectInviteStep(confirming())).toBe('confirming');
    });

    it('offers nothing to invite when the preview has no new people', () => {
      const none = previewOf({ ...preview, job: job({ counts: { ...counts, new: 0 } }) });
      expect(selectMayInvite(none)).toBe(false);
      expect(selectStep(transition(userImportMachine, none, { type: 'invite.start' })[0])).toBe('preview');
    });

    it('goes back to the preview when the confirmation is cancelled', () => {
      const back = transition(userImportMachine, confirming(), { type: 'invite.cancel' })[0];
      expect(selectStep(back)).toBe('preview');
      expect(back.context.preview).toEqual(preview);
    });

    it('invites the job in the administrator’s language, busy meanwhile, the client select held', () => {
      const s = sending();
      expect(selectInviteStep(s)).toBe('sending');
      expect(s.hasTag('busy')).toBe(true);
      expect(selectMayChooseClient(s)).toBe(false);
      expect(
        selectInviteStep(transition(userImportMachine, s, { type: 'client.select', clientId: umbrella.id })[0]),
      ).toBe('sending');
      expect(s.children.invite).toBeDefined();
    });

    it('shows the counts once invited and tells the invitations panel to read the client again', () => {
      const [done, actions] = transition(userImportMachine, sending(), doneEvent('invite', counted));
      expect(selectStep(done)).toBe('invited');
      expect(selectInvited(done)).toEqual(counted);
      expect(sentTo(actions)).toMatchObject([{ event: { type: 'invitations.added', clientId: umbrella.id } }]);
      const again = transition(userImportMachine, done, { type: 'import.again' })[0];
      expect(selectStep(again)).toBe('ready');
      expect(again.context.preview).toBeNull();
      expect(selectInvited(again)).toBeNull();
    });

    it('keeps a failure beside Retry (the server’s reason for a refusal), and retries or goes back', () => {
      const refusal = new ApiError({
        status: 400,
        code: 'validation_failed',
        message: 'Following Validation Error(s) were found:',
        requestId: 'r',
        details: [{ field: 'params.id', message: 'its client does not allow sign-up, so nobody can be invited' }],
      });
      const [failed, actions] = transition(userImportMachine, sending(), errorEvent('invite', refusal));
      expect(selectInviteStep(failed)).toBe('failed');
      expect(selectInviteFailure(failed)).toEqual({
        raw: 'its client does not allow sign-up, so nobody can be invited',
      });
      expect(sentTo(actions)).toEqual([]);
      const down = transition(userImportMachine, sending(), errorEvent('invite', new Error('down')))[0];
      expect(selectInviteFailure(down)).toEqual({ raw: 'down' });
      const retried = transition(userImportMachine, failed, { type: 'invite.retry' })[0];
      expect(selectInviteStep(retried)).toBe('sending');
      expect(selectInviteFailure(retried)).toBeNull();
      expect(selectStep(transition(userImportMachine, failed, { type: 'invite.cancel' })[0])).toBe('preview');
    });
  });
});
