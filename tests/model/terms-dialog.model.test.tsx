/* eslint-disable vitest/no-standalone-expect -- the states and executors run inside each walk's test (describeWalks) */
import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { cultures, type Culture } from '@contracts/culture';
import { ApiError } from '@contracts/failures';
import type { TermsVersion } from '@contracts/terms';
import { termsDialogMachine, type TermsLoaded } from '@machines/terms-editor/terms-dialog.machine';
import { selectCanSave, selectInvalidInputs } from '@machines/terms-editor/terms-dialog.selectors';
import {
  termsBodyOf,
  termsTextKinds,
  type TermsDialogDraft,
  type TermsTextKind,
} from '@machines/terms-editor/terms-draft';
import { TermsDialog } from '@src/admin/terms/TermsDialog';
import { renderDialogHost, WhileOpen } from '../support/admin-dialog-host';
import { catalogueText } from '../support/catalogue-text';
import {
  actorDone,
  actorError,
  actorIdOf,
  doneEventType,
  errorEventType,
  isDoneEvent,
  isErrorEvent,
} from '../support/controlled-actor';
import {
  answerEditorCall,
  dialogGone,
  editorHarness,
  endsUnauthorised,
  expectConflictChoice,
  inDialog,
  saveAnswerFits,
  saveAnswers,
} from '../support/editor-walk';
import { staleUpdate } from '../support/field-fixtures';
import { recordingNotifications } from '../support/recording-ref';
import { termsVersion } from '../support/terms-fixtures';
import { describeWalks, notWalked } from '../support/walk';

type Snapshot = SnapshotFrom<typeof termsDialogMachine>;
const en = (id: string, values?: Record<string, string>) => catalogueText('en-us', id, values);
const graphNotifications = recordingNotifications().ref;
/** The version the second scenario's dialog is opened on, which is also the current one. */
const current = termsVersion(2);
/** The version someone else published meanwhile: what "reload theirs" and "keep mine" read. */
const theirs = termsVersion(3);
const published = termsVersion(4);
const serverDown = new ApiError({ status: 500, code: 'internal', message: 'Internal server error', requestId: 'q1' });

/**
 * A text as an administrator might paste it: markup sign-up keeps, and a script and an event handler it must never
 * run. The preview beside the textarea shows it as sign-up will (sanitised).
 */
const pasted =
  '<p>Read <strong>this</strong>.</p><script>window.termsScriptRan = true</script><img src="x" onerror="window.termsHandlerRan = true">';

/** `load`'s answer: the current version and the one the draft starts from. */
const read = (loaded: TermsLoaded) => actorDone('load', loaded);
const readNone = read({ current: undefined, from: undefined });
const readRow = read({ current, from: current });
const readTheirs = read({ current: theirs, from: theirs });
const readFailed = actorError('load', serverDown);
const edit = (culture: Culture, kind: TermsTextKind, value: string) => ({
  type: 'edit' as const,
  changes: { culture, kind, value },
});

/** What the person and the server may do, with the answers each call gets. */
const answersAndChoices = [
  readNone,
  readRow,
  readTheirs,
  readFailed,
  edit('en-us', 'termsHtml', pasted),
  edit('en-us', 'privacyHtml', '<p>Privacy</p>'),
  edit('es', 'termsHtml', '<p>Nuevas</p>'),
  edit('es', 'privacyHtml', ''),
  { type: 'save' as const },
  ...saveAnswers(published, serverDown),
  { type: 'reload' as const },
  { type: 'keepMine' as const },
  { type: 'cancel' as const },
];
type Walked = (typeof answersAndChoices)[number];

/** The state, the draft as typed and the current number read: a journey's next step must meet the very draft it typed. */
const serializeState = (s: Snapshot) =>
  JSON.stringify(
    s.status === 'done'
      ? { value: s.value }
      : { value: s.value, draft: s.context.draft, read: s.context.loaded?.current?.number },
  );

/** Only what the person can do on screen, and answers only to the call in flight. */
function filterEvents(s: Snapshot, event: Walked): boolean {
  const type = event.type as string;
  if (isDoneEvent(type) || isErrorEvent(type)) {
    if (actorIdOf(type) === 'save') {
      // A conflict is walked from a row (the second scenario): the same states, fewer paths.
      return saveAnswerFits(s, event);
    }
    const reading = s.matches('loading') || s.matches('overwriting');
    const first = s.context.loaded === undefined;
    // The first read is walked as answered (a failing first read is the editor pattern's, walked elsewhere).
    if (isErrorEvent(type)) return reading && !first;
    const loaded = (event as { output: TermsLoaded }).output;
    if (!first) return reading && loaded.current === theirs;
    return reading && (s.context.input.row === undefined ? loaded.current === undefined : loaded.current === current);
  }
  if (event.type === 'edit')
    return s.matches('editing') && s.context.draft[event.changes.culture][event.changes.kind] !== event.changes.value;
  // "Reload theirs" is offered by the conflict notice only (the failed read has no button for it).
  if (event.type === 'reload') return s.matches('conflict');
  return s.can(event as never);
}

function startDialog(row: TermsVersion | undefined) {
  const harness = editorHarness<TermsLoaded, TermsVersion>();
  const logic = termsDialogMachine.provide({
    actors: { load: harness.calls.load.logic as never, save: harness.calls.save.logic as never },
    actions: { unauthorised: harness.unauthorisedPolicy },
  });
  renderDialogHost({
    logic,
    input: (notifications) => ({ row, notifications }),
    view: (dialogRef) => (
      <WhileOpen actorRef={dialogRef}>
        <TermsDialog dialogRef={dialogRef} />
      </WhileOpen>
    ),
  });
  return harness;
}

const button = (id: string) => inDialog().getByRole('button', { name: en(id) });
const cultureNames: Record<Culture, string> = {
  'en-us': en('Dashboard_Text_CultureEnglish'),
  es: en('Dashboard_Text_CultureSpanish'),
};
const kindIds: Record<TermsTextKind, string> = {
  termsHtml: 'TermsEditor_Field_TermsHtml',
  privacyHtml: 'TermsEditor_Field_PrivacyHtml',
};
const nameOf = (culture: Culture, kind: TermsTextKind) => `${en(kindIds[kind])} · ${cultureNames[culture]}`;
const inputOf = (culture: Culture, kind: TermsTextKind) =>
  inDialog().getByRole('textbox', { name: nameOf(culture, kind) });
const previewOf = (culture: Culture, kind: TermsTextKind) =>
  inDialog().getByRole('region', { name: `${en('TermsEditor_Text_Preview')} · ${nameOf(culture, kind)}` });
const everyInput = cultures.flatMap((culture) => termsTextKinds.map((kind) => [culture, kind] as const));

/** The inputs show the draft (the version read, theirs after a reload, or what the person typed). */
function expectDraftOnScreen(s: Snapshot) {
  for (const [culture, kind] of everyInput) expect(inputOf(culture, kind)).toHaveValue(s.context.draft[culture][kind]);
}

/** Every preview shows its text as sign-up will: its markup kept, no script, no event handler, nothing ran. */
function expectSanitisedPreviews(s: Snapshot) {
  for (const [culture, kind] of everyInput) {
    const shown = previewOf(culture, kind);
    expect(shown.querySelector('script')).toBeNull();
    expect(shown.querySelector('[onerror], [onclick]')).toBeNull();
    expect(shown.innerHTML).not.toMatch(/termsScriptRan|termsHandlerRan/);
    if (s.context.draft[culture][kind].includes('<strong>this</strong>'))
      expect(within(shown).getByText('this').tagName).toBe('STRONG');
  }
  expect(window).not.toHaveProperty('termsScriptRan');
  expect(window).not.toHaveProperty('termsHandlerRan');
}

/** The title names the number the publish will get, and the row the dialog was opened on. */
function expectTitle(s: Snapshot) {
  const next = String((s.context.loaded?.current?.number ?? 0) + 1);
  const row = s.context.input.row;
  const title =
    row === undefined
      ? en('TermsEditor_Text_CreateTitle', { number: next })
      : en('TermsEditor_Text_FromTitle', { opened: String(row.number), number: next });
  expect(inDialog().getByRole('heading', { name: title })).toBeInTheDocument();
}

/** The events a scenario offers its shortest paths: every answer and choice, but one edit of its own. */
const offeredWith = (offered: Walked) =>
  answersAndChoices.filter((event) => event.type !== 'edit' || JSON.stringify(event) === JSON.stringify(offered));

const scenario = (
  name: string,
  row: TermsVersion | undefined,
  offered: Walked,
  journeys: readonly (readonly Walked[])[],
) => ({
  name,
  input: { row, notifications: graphNotifications },
  events: offeredWith(offered),
  serializeState,
  filterEvents,
  journeys,
});

// Each walk drives a Chakra dialog in jsdom on shared cores; the limit is generous and never asserted on.
describeWalks(termsDialogMachine, {
  title: 'Terms publish dialog model walk (issue 34 item 2, docs/flows/terms-editor.md), through the real dialog',
  events: answersAndChoices,
  scenarios: [
    // A client's first version: English typed with a pasted script; a refused publish is told, then it publishes.
    scenario('first version', undefined, edit('es', 'termsHtml', '<p>Nuevas</p>'), [
      [
        readNone,
        edit('en-us', 'termsHtml', pasted),
        edit('en-us', 'privacyHtml', '<p>Privacy</p>'),
        { type: 'save' },
        actorError('save', serverDown),
        { type: 'save' },
        actorDone('save', published),
      ],
    ]),
    // Opened on the current version: a Spanish text cleared, and the two ways out of a version published meanwhile.
    scenario('from the current version', current, edit('es', 'privacyHtml', ''), [
      [readRow, edit('es', 'privacyHtml', ''), edit('es', 'termsHtml', '<p>Nuevas</p>'), { type: 'cancel' }],
      [readRow, { type: 'save' }, actorError('save', staleUpdate()), { type: 'reload' }, readTheirs],
      [
        readRow,
        edit('es', 'termsHtml', '<p>Nuevas</p>'),
        { type: 'save' },
        actorError('save', staleUpdate()),
        { type: 'keepMine' },
        readTheirs,
        actorDone('save', published),
      ],
      [readRow, { type: 'save' }, actorError('save', staleUpdate()), { type: 'keepMine' }, readFailed],
    ]),
  ],
  start: ({ input }: { input?: { row: TermsVersion | undefined } }) => startDialog(input?.row),
  describeEvent: (event) => {
    if ('error' in event && event.error instanceof Error) return `fails (${event.error.message})`;
    if (event.type === 'edit') {
      const { culture, kind, value } = event.changes;
      return `${culture}.${kind}=${value === '' ? '∅' : value === pasted ? 'pasted' : value}`;
    }
    if (event.type === doneEventType('load')) return `current ${String(event.output.current?.number ?? 'none')}`;
    return undefined;
  },
  timeout: 60_000,
  states: {
    offline: notWalked(
      'a read with no answer (issue 29 §3) is the editor pattern’s: walked in tests/model/profile-form.model',
    ),
    loading: async () => {
      // The dialog opens, takes no input while it reads, and Publish waits.
      expect(await inDialog().findByText(en('Global_Text_Loading'))).toBeInTheDocument();
      expect(inputOf('en-us', 'termsHtml')).toBeDisabled();
      expect(button('TermsEditor_Button_Publish')).toBeDisabled();
    },
    editing: async (s, harness) => {
      const save = await screen.findByRole('button', { name: en('TermsEditor_Button_Publish') });
      await waitFor(() => {
        expect(save).toHaveAttribute('aria-busy', 'false');
      });
      expect(inDialog().queryByText(en('Global_Text_Loading'))).toBeNull();
      expectTitle(s);
      if (selectCanSave(s)) expect(save).toBeEnabled();
      else expect(save).toBeDisabled();
      expectDraftOnScreen(s);
      // Each text the contract refuses in a language being published says so; the others stay quiet.
      expect(inDialog().queryAllByText(en('TermsEditor_Text_Invalid'))).toHaveLength(selectInvalidInputs(s).length);
      expect(inDialog().queryByText(en('TermsEditor_Text_Stale'))).toBeNull();
      expectSanitisedPreviews(s);
      // A refused publish that is neither stale nor a 401 is told in a snackbar under Global_Text_FailTitle.
      if (harness.failure instanceof Error) {
        const snackbar = await screen.findByTestId('snackbar');
        expect(snackbar).toHaveTextContent(en('Global_Text_FailTitle'));
        expect(snackbar).toHaveTextContent(harness.failure.message);
        harness.failure = undefined;
      }
    },
    saving: async (_s, harness) => {
      expect(await screen.findByRole('button', { name: en('TermsEditor_Button_Publish') })).toHaveAttribute(
        'aria-busy',
        'true',
      );
      expect(button('TermsEditor_Button_Cancel')).toBeDisabled();
      await waitFor(() => {
        expect(harness.calls.save.waiting()).toBe(1);
      });
    },
    conflict: async (s, harness) => {
      // The stale text and its two ways out, no plain Publish; the draft is still on screen, not editable.
      await expectConflictChoice('TermsEditor_Text_Stale', 'TermsEditor_Button_Publish');
      expect(inputOf('es', 'termsHtml')).toBeDisabled();
      expectDraftOnScreen(s);
      harness.failure = undefined;
    },
    overwriting: async (_s, harness) => {
      // "Keep mine" reads the current number first, then publishes the draft on top of it.
      expect(await screen.findByRole('button', { name: en('TermsEditor_Button_Publish') })).toHaveAttribute(
        'aria-busy',
        'true',
      );
      await waitFor(() => {
        expect(harness.calls.load.waiting()).toBe(1);
      });
    },
    failed: async (s, harness) => {
      // The read after a conflict failed: told in a snackbar; the draft stays on screen, not editable; Cancel leaves.
      const snackbar = await screen.findByTestId('snackbar');
      expect(snackbar).toHaveTextContent(en('Global_Text_FailTitle'));
      expect(snackbar).toHaveTextContent(serverDown.message);
      harness.failure = undefined;
      expect(button('TermsEditor_Button_Publish')).toBeDisabled();
      expect(button('TermsEditor_Button_Cancel')).toBeEnabled();
      expect(inputOf('en-us', 'termsHtml')).toBeDisabled();
      expectDraftOnScreen(s);
    },
    saved: async (s, harness) => {
      await dialogGone();
      // What was published is what the dialog showed when Publish was pressed, on top of the version read last.
      const last = harness.calls.save.calls.at(-1);
      const basedOn = harness.calls.load.calls.length > 1 ? theirs.number : (s.context.input.row?.number ?? 0);
      expect(last).toEqual(termsBodyOf(harness.onScreen as TermsDialogDraft, basedOn));
    },
    cancelled: dialogGone,
    unauthorised: endsUnauthorised(),
  },
  executors: {
    [doneEventType('load')]: ({ event }, harness) => answerEditorCall(harness, 'load', event),
    [errorEventType('load')]: async ({ event }, harness) => {
      harness.failure = event.error;
      await answerEditorCall(harness, 'load', event);
    },
    edit: async ({ event }, { user }) => {
      const { culture, kind, value } = event.changes;
      await user.clear(inputOf(culture, kind));
      // user-event reads `[` and `{` as key names; the texts have neither.
      if (value !== '') await user.type(inputOf(culture, kind), value);
    },
    save: async (_step, harness) => {
      harness.onScreen = Object.fromEntries(
        cultures.map((culture) => [
          culture,
          Object.fromEntries(
            termsTextKinds.map((kind) => [kind, (inputOf(culture, kind) as HTMLTextAreaElement).value]),
          ),
        ]),
      );
      await harness.user.click(button('TermsEditor_Button_Publish'));
    },
    cancel: (_step, { user }) => user.click(button('TermsEditor_Button_Cancel')),
    reload: (_step, { user }) => user.click(button('Global_Button_ReloadTheirs')),
    keepMine: (_step, { user }) => user.click(button('Global_Button_KeepMine')),
    [doneEventType('save')]: ({ event }, harness) => answerEditorCall(harness, 'save', event),
    [errorEventType('save')]: async ({ event }, harness) => {
      harness.failure = event.error;
      await answerEditorCall(harness, 'save', event);
    },
  },
});
