/* eslint-disable vitest/no-standalone-expect -- the states and executors run inside each walk's test (describeWalks) */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { ApiError } from '@contracts/failures';
import type { FormDefinition } from '@contracts/profile-form';
import type {
  ImportClient,
  ImportInvite,
  ImportInvited,
  ImportJob,
  ImportPreview,
  ImportTemplate,
  ImportUpload,
} from '@contracts/user-import';
import { outcomeOf } from '@machines/user-import/outcome';
import { userImportMachine } from '@machines/user-import/user-import.machine';
import type { UploadOutcome } from '@machines/user-import/user-import.types';
import { ImportUsersPanel } from '@src/admin/users/import/ImportUsersPanel';
import { wireUserImport, type UserImportApi } from '@src/admin/users/import/wiring';
import { renderAdminPage } from '../support/admin-page-host';
import {
  actorDone,
  actorError,
  createControlledCall,
  doneEventType,
  errorEventType,
} from '../support/controlled-actor';
import { fakePorts } from '../support/fake-ports';
import { importCounts as counts, importJob as job, noOutcomes, umbrella } from '../support/import-fixtures';
import { describeWalks, type WalkEvent } from '../support/walk';

const benefits = '00000000-0000-4000-8000-0000000000a1';
const roles = [{ applicationId: benefits, roles: ['Member'] }];
/** The client's form as far as its role lists go: one application without a role URL (its default role). */
const form = {
  clientId: umbrella.id,
  email: '',
  applications: [{ applicationId: benefits, rolesApiUrl: null, roleValue: null, defaultRoleValue: 'Member' }],
} as unknown as FormDefinition;
const preview: ImportPreview = {
  job: job(),
  problems: [
    {
      line: 3,
      column: 'SocialSecurityNumber',
      message: 'does not match the expected format',
      failure: { kind: 'pattern', message: 'Enter the 9 digits of the social security number.' },
    },
  ],
};
/** The upload's answer: the dry run started, its job checking the rows (the page follows it). */
const started: ImportPreview = { job: job({ status: 'checking' }), problems: [] };
const halfWay = job({ status: 'committing', mode: 'upsert', counts: { ...counts, done: 1 } });
/** Every row has its outcome; one of the two activation mails is out (the mail phase). */
const mailing = job({
  status: 'mailing',
  mode: 'upsert',
  counts: { ...counts, done: 3 },
  outcomes: { ...noOutcomes, created: 2, failed: 1 },
  mails: { total: 2, done: 1 },
});
const finished = job({
  status: 'committed',
  mode: 'upsert',
  counts: { ...counts, done: 3 },
  outcomes: { ...noOutcomes, created: 2, failed: 1 },
  mails: { total: 2, done: 2 },
});
/** Every row imported, none failed. */
const succeeded = job({
  status: 'committed',
  mode: 'upsert',
  counts: { ...counts, done: 3 },
  outcomes: { ...noOutcomes, created: 3 },
});
/** Nobody imported: every row failed at the commit. */
const nothing = job({
  status: 'committed',
  mode: 'upsert',
  counts: { ...counts, done: 3 },
  outcomes: { ...noOutcomes, failed: 3 },
});
/** An import of the client done before: the history the panel shows once the client is chosen. */
const earlier = job({
  id: '00000000-0000-4000-8000-0000000000e1',
  fileName: 'earlier.csv',
  status: 'committed',
  counts: { ...counts, done: 3 },
  outcomes: { ...noOutcomes, created: 3 },
});
const loaded = { roles, history: [earlier] };
const small = { name: 'people.csv', size: 120, type: 'text/csv', lastModified: 0 };
const big = { name: 'big.csv', size: 1_048_576, type: 'text/csv', lastModified: 0 };
const accepted: UploadOutcome = { ok: true, preview: started };

/** The journeys' openings: Umbrella chosen and read; then a small file uploaded and its dry run previewed. */
const umbrellaChosen = [
  actorDone('loadClients', [umbrella]),
  { type: 'client.select', clientId: umbrella.id },
  actorDone('loadClient', loaded),
] as const;
const toPreview = [
  ...umbrellaChosen,
  { type: 'file.choose', file: small },
  actorDone('upload', accepted),
  actorDone('check', preview),
] as const;
const refused: UploadOutcome = { ok: false, message: 'The file is empty.' };
const counted: ImportInvited = { invited: 1, alreadyInvited: 1, alreadyMembers: 0 };
const closedClient = new ApiError({
  status: 400,
  code: 'validation_failed',
  message: 'Following Validation Error(s) were found:',
  requestId: 'r',
  details: [{ field: 'params.id', message: 'its client does not allow sign-up, so nobody can be invited' }],
});

const events = [
  actorDone('loadClients', [umbrella]),
  { type: 'client.select', clientId: umbrella.id },
  actorDone('loadClient', loaded),
  { type: 'template.download' },
  { type: 'file.choose', file: small },
  { type: 'file.choose', file: big },
  actorDone('upload', accepted),
  actorDone('upload', refused),
  actorError('upload', new Error('network down')),
  actorDone('check', started),
  actorDone('check', preview),
  actorError('check', new Error('the job is gone')),
  { type: 'import.commit', mode: 'upsert' },
  { type: 'import.discard' },
  actorDone('commit', halfWay),
  actorDone('watch', mailing),
  actorDone('watch', finished),
  actorDone('watch', succeeded),
  actorDone('watch', nothing),
  { type: 'report.download' },
  { type: 'import.again' },
  { type: 'invite.start' },
  { type: 'invite.confirm' },
  { type: 'invite.cancel' },
  { type: 'invite.retry' },
  actorDone('invite', counted),
  actorError('invite', closedClient),
] satisfies WalkEvent<typeof userImportMachine>[];

/** The panel with the import's calls parked until the walk answers them. */
function renderPanel() {
  const calls = {
    clients: createControlledCall<ImportClient[]>(),
    jobs: createControlledCall<ImportJob[], string>(),
    form: createControlledCall<FormDefinition, string>(),
    template: createControlledCall<ImportTemplate, string>(),
    upload: createControlledCall<ImportPreview, ImportUpload>(),
    commit: createControlledCall<ImportJob, string>(),
    job: createControlledCall<ImportJob, string>(),
    preview: createControlledCall<ImportPreview, string>(),
    report: createControlledCall<string, string>(),
    invite: createControlledCall<ImportInvited, { id: string; body: ImportInvite }>(),
  };
  const saved: { fileName: string; text: string }[] = [];
  const api: UserImportApi = {
    listImportClients: () => calls.clients.call(undefined),
    listImportJobs: (clientId) => calls.jobs.call(clientId),
    getClientForm: (clientId) => calls.form.call(clientId),
    getRoleList: () => Promise.reject(new Error('no role URL in this walk')),
    getImportTemplate: (clientId) => calls.template.call(clientId),
    uploadImport: (body) => calls.upload.call(body),
    commitImport: (id) => calls.commit.call(id),
    getImportJob: (id) => calls.job.call(id),
    getImportPreview: (id) => calls.preview.call(id),
    getImportReport: (id) => calls.report.call(id),
    inviteImport: (id, body) => calls.invite.call({ id, body }),
  };
  const logic = wireUserImport(api, (fileName, text) => saved.push({ fileName, text }), 0);
  // The invitations panel is another flow: a recording port stands in for it.
  const invitations = fakePorts();
  // So is the users grid: told to read its page again once a commit ends.
  const grid = fakePorts();
  const view = renderAdminPage((notifications) => (
    <ImportUsersPanel
      notifications={notifications}
      invitations={invitations.ports.invitations}
      grid={grid.ports.grid}
      culture="es"
      logic={logic}
    />
  ));
  return { ...view, calls, saved, told: invitations.invitations, gridTold: grid.grid };
}

const button = (name: string) => screen.getByRole('button', { name });
const clientSelect = () => screen.getByLabelText('Client');
async function answer<T>(call: { waiting: () => number; resolve: (output: T) => void }, output: T) {
  await waitFor(() => {
    expect(call.waiting()).toBe(1);
  });
  act(() => {
    call.resolve(output);
  });
}
/** The commit's first phase: the rows done of all rows. */
async function expectRowsProgress(done: number) {
  expect(await screen.findByText('Your file has been uploaded and the users are being imported.')).toBeInTheDocument();
  expect(screen.getByTestId('import-progress')).toHaveTextContent(`${String(done)} of 3 rows done`);
  expect(clientSelect()).toBeDisabled();
}
/** The commit's end: its outcome in words and counts, the history headed by it, and the users grid told to refresh. */
async function expectDone(
  h: { gridTold: readonly { type: string }[] },
  words: string,
  { outcome }: { outcome: string },
) {
  expect(await screen.findByRole('status')).toHaveTextContent(words);
  if (words !== 'The users were imported successfully.')
    expect(screen.queryByText('The users were imported successfully.')).toBeNull();
  expect(screen.getByTestId('import-outcome')).toHaveTextContent(outcome);
  expect(screen.getByTestId('import-progress')).toHaveTextContent('3 of 3 rows done');
  const history = within(screen.getByRole('table', { name: 'Earlier imports' })).getAllByRole('row');
  expect(history[1]).toHaveTextContent('people.csv');
  expect(history[2]).toHaveTextContent('earlier.csv');
  expect(h.gridTold.at(-1)).toEqual({ type: 'grid.refresh' });
}
const expectButtons = (enabled: boolean) => {
  for (const name of ['Download template', 'Upload file'])
    if (enabled) expect(button(name)).toBeEnabled();
    else expect(button(name)).toBeDisabled();
};

describeWalks(userImportMachine, {
  title: 'user import model walk (admin-and-board §2, §4, §5, §8, through the real panel)',
  events,
  scenarios: [
    {
      input: { ports: fakePorts().ports, culture: 'es' },
      // Told apart by step, the refusal shown, and how far the commit is; not by the objects the calls answer.
      serializeState: (s) =>
        JSON.stringify([
          s.value,
          s.context.clients.length,
          s.context.refusal?.kind ?? null,
          s.context.job?.status ?? null,
          s.context.inviteFailure === null,
        ]),
      journeys: [
        // The dry run's job is gone (its check stopped): reported, never a preview.
        [
          ...umbrellaChosen,
          { type: 'file.choose', file: small },
          actorDone('upload', accepted),
          actorError('check', new Error('the job is gone')),
        ],
        // Every row imported after the mail phase: the success, from the mail phase.
        [
          ...toPreview,
          { type: 'import.commit', mode: 'upsert' },
          actorDone('commit', halfWay),
          actorDone('watch', mailing),
          actorDone('watch', succeeded),
        ],
        [
          ...umbrellaChosen,
          { type: 'template.download' },
          { type: 'file.choose', file: small },
          actorDone('upload', accepted),
          actorDone('check', started),
          actorDone('check', preview),
          { type: 'import.commit', mode: 'upsert' },
          actorDone('commit', halfWay),
          actorDone('watch', mailing),
          actorDone('watch', finished),
          { type: 'report.download' },
          { type: 'import.again' },
        ],
        [...toPreview, { type: 'import.discard' }],
        // Invite the new people instead: refused once (the server says why), Retry, then the summary.
        [
          ...toPreview,
          { type: 'invite.start' },
          { type: 'invite.confirm' },
          actorError('invite', closedClient),
          { type: 'invite.retry' },
          actorDone('invite', counted),
          { type: 'import.again' },
        ],
        // Asked, then cancelled: the preview again.
        [...toPreview, { type: 'invite.start' }, { type: 'invite.cancel' }],
      ],
    },
  ],
  start: renderPanel,
  describeEvent: (event) => {
    if (event.type === 'file.choose') return event.file.size >= 1_048_576 ? 'too large' : 'small';
    if (event.type === doneEventType('upload')) return event.output.ok ? 'preview' : 'refused';
    if (event.type === doneEventType('watch'))
      return event.output.status === 'committed' ? outcomeOf(event.output) : event.output.status;
    if (event.type === doneEventType('check')) return event.output.job.status;
    return undefined;
  },
  timeout: 30_000,
  states: {
    idle: async (s) => {
      await screen.findByRole('heading', { name: 'Import users' });
      if (s.context.clients.length === 0) expect(clientSelect()).toBeDisabled();
      else
        await waitFor(() => {
          expect(within(clientSelect()).getByRole('option', { name: 'Umbrella Agents' })).toBeInTheDocument();
        });
      expectButtons(false);
    },
    loadingRoles: async () => {
      expect(await screen.findByText('Loading the roles of the client…')).toBeInTheDocument();
      expectButtons(false);
    },
    ready: async (s) => {
      await waitFor(() => {
        expectButtons(true);
      });
      expect(clientSelect()).toBeEnabled();
      expect(screen.getByRole('table', { name: 'Earlier imports' })).toHaveTextContent('earlier.csv');
      const refusal = s.context.refusal;
      if (refusal === null) expect(screen.queryByRole('alert')).toBeNull();
      else
        expect(screen.getByRole('alert')).toHaveTextContent(
          refusal.kind === 'tooLarge' ? 'File: big.csv is too large to upload.' : 'The file is empty.',
        );
    },
    'uploading.sending': async () => {
      expect(await screen.findByText('Checking every row of the file…')).toBeInTheDocument();
      expectButtons(false);
      expect(clientSelect()).toBeDisabled();
    },
    // The dry run's job, followed (issue 29 §7): the same words, busy, and its preview read again.
    'uploading.checking': async (_s, h) => {
      expect(await screen.findByText('Checking every row of the file…')).toBeInTheDocument();
      expectButtons(false);
      expect(clientSelect()).toBeDisabled();
      expect(screen.queryByText('The import could not go on.')).toBeNull();
      await waitFor(() => {
        expect(h.calls.preview.waiting()).toBe(1);
      });
      expect(h.calls.preview.calls.at(-1)).toBe(started.job.id);
    },
    preview: async () => {
      const section = await screen.findByTestId('import-preview');
      expect(within(section).getByTestId('count-Import_Text_CountNew')).toHaveTextContent('New: 2');
      expect(within(section).getByTestId('count-Import_Text_CountFailed')).toHaveTextContent('Failed: 1');
      const row = within(section).getByRole('row', { name: /SocialSecurityNumber/ });
      // The field's own message (its FormField_Message label when the catalogue has one), not the generic kind.
      expect(row).toHaveTextContent('3SocialSecurityNumberEnter the 9 digits of the social security number.');
      expect(within(section).getByRole('button', { name: 'Import' })).toBeEnabled();
    },
    'committing.starting': (s) => expectRowsProgress(s.context.job?.counts.done ?? 0),
    'committing.watching': (s) => expectRowsProgress(s.context.job?.counts.done ?? 0),
    'committing.mailing': async () => {
      expect(
        await screen.findByText('Every row is imported. The activation mails of the new people are being sent.'),
      ).toBeInTheDocument();
      expect(screen.queryByText('Your file has been uploaded and the users are being imported.')).toBeNull();
      expect(screen.getByTestId('import-progress')).toHaveTextContent('1 of 2 activation mails sent');
      expect(clientSelect()).toBeDisabled();
    },
    'done.partly': (_s, h) =>
      expectDone(h, 'Some users could not be imported. The report says why.', {
        outcome: '2 created, 0 updated, 0 unchanged, 0 skipped, 1 failed',
      }),
    'done.succeeded': (_s, h) =>
      expectDone(h, 'The users were imported successfully.', {
        outcome: '3 created, 0 updated, 0 unchanged, 0 skipped, 0 failed',
      }),
    'done.nothing': (_s, h) =>
      expectDone(h, 'No users were imported. The report says why.', {
        outcome: '0 created, 0 updated, 0 unchanged, 0 skipped, 3 failed',
      }),
    failed: async () => {
      expect(await screen.findByText('The import could not go on.')).toBeInTheDocument();
    },
    'inviting.confirming': async () => {
      const dialog = within(await screen.findByRole('alertdialog', { name: 'Invite the 2 new people?' }));
      expect(dialog.getByText(/each new person of the file gets an e-mail/)).toBeInTheDocument();
      expect(dialog.getByRole('button', { name: 'Send the invitations' })).toBeEnabled();
      expect(dialog.queryByRole('alert')).toBeNull();
    },
    'inviting.sending': async (_s, h) => {
      const dialog = within(await screen.findByRole('alertdialog', { name: 'Invite the 2 new people?' }));
      await waitFor(() => {
        expect(h.calls.invite.waiting()).toBe(1);
      });
      // The job's id and the administrator's language: never a list of people.
      expect(h.calls.invite.calls.at(-1)).toEqual({ id: preview.job.id, body: { culture: 'es' } });
      const send = dialog.getByRole('button', { name: /Send the invitations|Try again/ });
      expect(send).toBeDisabled();
      expect(send).toHaveAttribute('aria-busy', 'true');
      expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
      expect(clientSelect()).toBeDisabled();
    },
    'inviting.failed': async () => {
      const dialog = within(await screen.findByRole('alertdialog', { name: 'Invite the 2 new people?' }));
      expect(dialog.getByRole('alert')).toHaveTextContent(
        'The invitations could not be sent. its client does not allow sign-up, so nobody can be invited',
      );
      expect(dialog.getByRole('button', { name: 'Try again' })).toBeEnabled();
    },
    invited: async (_s, h) => {
      expect(
        await screen.findByText('The invitations are on their way. The invitations panel lists them.'),
      ).toBeInTheDocument();
      expect(screen.getByTestId('import-invited-counts')).toHaveTextContent(
        '1 invited, 1 already invited, 0 already members',
      );
      expect(screen.queryByRole('alertdialog')).toBeNull();
      expect(h.told.at(-1)).toEqual({ type: 'invitations.added', clientId: umbrella.id });
    },
  },
  executors: {
    [doneEventType('loadClients')]: ({ event }, h) => answer(h.calls.clients, event.output),
    'client.select': async () => {
      await waitFor(() => {
        expect(clientSelect()).toBeEnabled();
      });
      await userEvent.selectOptions(clientSelect(), 'Umbrella Agents');
    },
    [doneEventType('loadClient')]: async (_step, h) => {
      await answer(h.calls.form, form);
      await answer(h.calls.jobs, [earlier]);
    },
    'template.download': async (_step, h) => {
      await userEvent.click(button('Download template'));
      await answer(h.calls.template, {
        fileName: 'Umbrella Agents_importUsers.csv',
        columns: ['Email'],
        csv: '"Email"\r\n',
      });
      await waitFor(() => {
        expect(h.saved.at(-1)).toEqual({ fileName: 'Umbrella Agents_importUsers.csv', text: '"Email"\r\n' });
      });
    },
    'file.choose': async ({ event }) => {
      const content = event.file.size >= 1_048_576 ? new Uint8Array(event.file.size) : 'Email\na@b.test\n';
      await userEvent.upload(
        screen.getByLabelText('Upload file'),
        new File([content], event.file.name, { type: 'text/csv' }),
      );
    },
    [doneEventType('upload')]: async ({ event }, h) => {
      await waitFor(() => {
        expect(h.calls.upload.waiting()).toBe(1);
      });
      expect(h.calls.upload.calls.at(-1)).toMatchObject({ fileName: 'people.csv', clientId: umbrella.id, roles });
      if (event.output.ok)
        act(() => {
          h.calls.upload.resolve(started);
        });
      else
        act(() => {
          h.calls.upload.reject(
            new ApiError({
              status: 400,
              code: 'validation_failed',
              message: 'Following Validation Error(s) were found:',
              requestId: 'r',
              details: [{ field: 'body.fileAsBase64', message: 'The file is empty.' }],
            }),
          );
        });
    },
    [errorEventType('upload')]: async (_step, h) => {
      await waitFor(() => {
        expect(h.calls.upload.waiting()).toBe(1);
      });
      act(() => {
        h.calls.upload.reject(new Error('network down'));
      });
    },
    'import.commit': async () => {
      await userEvent.click(button('Import'));
    },
    'import.discard': async () => {
      await userEvent.click(button('Choose another file'));
    },
    [doneEventType('commit')]: (_step, h) => answer(h.calls.commit, halfWay),
    [doneEventType('watch')]: ({ event }, h) => answer(h.calls.job, event.output),
    [doneEventType('check')]: ({ event }, h) => answer(h.calls.preview, event.output),
    [errorEventType('check')]: async (_step, h) => {
      await waitFor(() => {
        expect(h.calls.preview.waiting()).toBe(1);
      });
      act(() => {
        h.calls.preview.reject(new Error('the job is gone'));
      });
    },
    'report.download': async (_step, h) => {
      await userEvent.click(button('Download report'));
      await answer(h.calls.report, '"Line","Email","Plan","Outcome","Message"\r\n');
      await waitFor(() => {
        expect(h.saved.at(-1)?.fileName).toBe('people_report.csv');
      });
    },
    'import.again': async () => {
      await userEvent.click(button('Import another file'));
    },
    'invite.start': async () => {
      await userEvent.click(button('Invite the 2 new people'));
    },
    'invite.confirm': async () => {
      await userEvent.click(await screen.findByRole('button', { name: 'Send the invitations' }));
    },
    'invite.cancel': async () => {
      const dialog = within(await screen.findByRole('alertdialog'));
      await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    },
    'invite.retry': async () => {
      await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    },
    [doneEventType('invite')]: (_step, h) => answer(h.calls.invite, counted),
    [errorEventType('invite')]: async (_step, h) => {
      await waitFor(() => {
        expect(h.calls.invite.waiting()).toBe(1);
      });
      act(() => {
        h.calls.invite.reject(closedClient);
      });
    },
  },
});
