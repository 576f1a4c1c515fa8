/* eslint-disable vitest/no-standalone-expect -- the states and executors run inside each walk's test (describeWalks) */
import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { faqDialogMachine, type FaqLoaded } from '@machines/faq-editor/faq-dialog.machine';
import { selectCanSave, selectInvalidInputs } from '@machines/faq-editor/faq-dialog.selectors';
import type { FaqInput } from '@machines/faq-editor/faq-draft';
import { FaqDialog } from '@src/admin/faq/FaqDialog';
import type { FaqEntry } from '@contracts/admin/faq';
import { ApiError } from '@contracts/failures';
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
import { faqEntry } from '../support/faq-fixtures';
import { staleUpdate } from '../support/field-fixtures';
import { recordingNotifications } from '../support/recording-ref';
import { describeWalks, notWalked } from '../support/walk';

type Snapshot = SnapshotFrom<typeof faqDialogMachine>;
const en = (id: string) => catalogueText('en-us', id);
const graphNotifications = recordingNotifications().ref;
const row = faqEntry();
/** The question as someone else saved it meanwhile: what "reload theirs" and "keep mine" read. */
const theirs = faqEntry({ header: 'Where are my invoices?', version: 4 });
const saved = faqEntry({ id: 'e0b7a0f2-5c1d-4f7e-9a3b-7d2c1e0f9a11', version: 1 });
const serverDown = new ApiError({ status: 500, code: 'internal', message: 'Internal server error', requestId: 'q1' });

/**
 * An answer as an administrator might paste it: markup the help page keeps, and a script and an event handler it
 * must never run. The preview beside the textarea shows it as the help page will (sanitised).
 */
const pastedAnswer =
  '<p>Under <strong>My invoices</strong>.</p><script>window.faqScriptRan = true</script>' +
  '<img src="x" onerror="window.faqHandlerRan = true">';

/** `load`'s answer: the question as read (the row on opening, theirs after a conflict). */
const read = (record: FaqEntry | undefined) => actorDone('load', { record } satisfies FaqLoaded);
/** A read after a conflict fails (the list is read again from the server). */
const readFailed = actorError('load', serverDown);
const edit = (input: FaqInput, value: string) => ({ type: 'edit' as const, changes: { input, value } });

/** What the person and the server may do, with the answers each call gets. */
const answersAndChoices = [
  read(row),
  read(undefined),
  read(theirs),
  readFailed,
  edit('part', 'Billing'),
  edit('header', 'Where do I see my invoice?'),
  edit('header', ''),
  edit('questionText', pastedAnswer),
  edit('order', '1.5'),
  edit('order', '7'),
  { type: 'save' as const },
  ...saveAnswers(saved, serverDown),
  { type: 'reload' as const },
  { type: 'keepMine' as const },
  { type: 'cancel' as const },
];
type Walked = (typeof answersAndChoices)[number];

/**
 * The state, the draft as typed and the version read: a journey's next step must meet the very draft it typed. Typing
 * is walked in journeys (each scenario offers few edits), so the full draft does not multiply the shortest paths.
 */
const serializeState = (s: Snapshot) =>
  JSON.stringify(
    s.status === 'done'
      ? { value: s.value }
      : { value: s.value, draft: s.context.draft, read: s.context.loaded?.record?.version },
  );

/** Only what the person can do on screen, and answers only to the call in flight. */
function filterEvents(s: Snapshot, event: Walked): boolean {
  const type = event.type as string;
  if (isDoneEvent(type) || isErrorEvent(type)) {
    if (actorIdOf(type) === 'save') {
      return saveAnswerFits(s, event);
    }
    const reading = s.matches('loading') || s.matches('overwriting');
    // The first read is the grid's row (no call to the server, so it cannot fail); a later one reads theirs.
    const first = s.context.loaded === undefined;
    if (isErrorEvent(type)) return reading && !first;
    const record = 'output' in event ? (event.output as FaqLoaded).record : undefined;
    return reading && (first ? record === s.context.input.row : record === theirs);
  }
  if (event.type === 'edit')
    return s.matches('editing') && s.context.draft[event.changes.input] !== event.changes.value;
  // "Reload theirs" is offered by the conflict notice only (the failed read has no button for it).
  if (event.type === 'reload') return s.matches('conflict');
  return s.can(event as never);
}

function startDialog(input: FaqEntry | undefined) {
  const harness = editorHarness<FaqLoaded, FaqEntry>();
  const logic = faqDialogMachine.provide({
    actors: { load: harness.calls.load.logic as never, save: harness.calls.save.logic as never },
    actions: { unauthorised: harness.unauthorisedPolicy },
  });
  renderDialogHost({
    logic,
    input: (notifications) => ({ row: input, notifications }),
    view: (dialogRef) => (
      <WhileOpen actorRef={dialogRef}>
        <FaqDialog dialogRef={dialogRef} />
      </WhileOpen>
    ),
  });
  return harness;
}

const button = (id: string) => inDialog().getByRole('button', { name: en(id) });
const inputIds: Record<FaqInput, string> = {
  part: 'Faq_Field_Part',
  section: 'Faq_Field_Section',
  header: 'Faq_Field_Header',
  tags: 'Faq_Field_Tags',
  questionText: 'Faq_Field_QuestionText',
  order: 'Faq_Field_Order',
};
/** An input by its title (a required one's title ends in the required mark). */
const inputOf = (input: FaqInput) =>
  inDialog().getByRole('textbox', { name: new RegExp(`^${en(inputIds[input]).replace(/[()]/g, '\\$&')}`) });
const preview = () => inDialog().getByRole('region', { name: en('Faq_Text_Preview') });

/** The inputs show the draft (the row, theirs after a reload, or what the person typed). */
function expectDraftOnScreen(s: Snapshot) {
  for (const input of Object.keys(inputIds) as FaqInput[]) expect(inputOf(input)).toHaveValue(s.context.draft[input]);
}

/** The preview shows the answer as the help page will: its markup kept, no script, no event handler. */
function expectSanitisedPreview(s: Snapshot) {
  const shown = preview();
  expect(shown.querySelector('script')).toBeNull();
  expect(shown.querySelector('[onerror], [onclick]')).toBeNull();
  expect(shown.innerHTML).not.toMatch(/faqScriptRan|faqHandlerRan/);
  expect(window).not.toHaveProperty('faqScriptRan');
  expect(window).not.toHaveProperty('faqHandlerRan');
  if (s.context.draft.questionText.includes('<strong>My invoices</strong>')) {
    expect(within(shown).getByText('My invoices').tagName).toBe('STRONG');
  } else {
    expect(within(shown).queryByText('My invoices')).toBeNull();
  }
}

/** The events a scenario offers its shortest paths: every answer and choice, but one edit of its own. */
const offeredWith = (offered: Walked) =>
  answersAndChoices.filter((event) => event.type !== 'edit' || JSON.stringify(event) === JSON.stringify(offered));

const scenario = (
  name: string,
  input: FaqEntry | undefined,
  offered: Walked,
  journeys: readonly (readonly Walked[])[],
) => ({
  name,
  input: { row: input, notifications: graphNotifications },
  events: offeredWith(offered),
  serializeState,
  filterEvents,
  journeys,
});

// Each walk drives a Chakra dialog in jsdom on shared cores; the limit is generous and never asserted on.
describeWalks(faqDialogMachine, {
  title: 'FAQ question dialog model walk (issue 11, docs/flows/faq-editor.md), through the real dialog',
  events: answersAndChoices,
  scenarios: [
    // A new question: typed with a pasted script, saved; a refused save is told in a snackbar and the draft stays.
    scenario('new question', undefined, edit('order', '1.5'), [
      [
        read(undefined),
        edit('part', 'Billing'),
        edit('header', 'Where do I see my invoice?'),
        edit('questionText', pastedAnswer),
        edit('order', '7'),
        { type: 'save' },
        actorError('save', serverDown),
        { type: 'save' },
        actorDone('save', saved),
      ],
    ]),
    // An existing question: a cleared required input, and the two ways out of a conflict.
    scenario('existing question', row, edit('header', ''), [
      [read(row), edit('header', ''), edit('header', 'Where do I see my invoice?'), { type: 'cancel' }],
      [read(row), { type: 'save' }, actorError('save', staleUpdate()), { type: 'reload' }, read(theirs)],
      [
        read(row),
        edit('questionText', pastedAnswer),
        { type: 'save' },
        actorError('save', staleUpdate()),
        { type: 'keepMine' },
        read(theirs),
        actorDone('save', saved),
      ],
      [read(row), { type: 'save' }, actorError('save', staleUpdate()), { type: 'keepMine' }, readFailed],
    ]),
  ],
  start: ({ input }: { input?: { row: FaqEntry | undefined } }) => startDialog(input?.row),
  describeEvent: (event) => {
    if ('error' in event && event.error instanceof Error) return `fails (${event.error.message})`;
    if (event.type === 'edit')
      return `${event.changes.input}=${event.changes.value === '' ? '∅' : event.changes.value}`;
    if (event.type === doneEventType('load')) return event.output.record?.header ?? 'new';
    return undefined;
  },
  timeout: 60_000,
  states: {
    offline: notWalked(
      'a read with no answer (issue 29 §3) is the editor pattern’s: walked in tests/model/profile-form.model',
    ),
    loading: async (s) => {
      // The dialog opens with its title, takes no input while it reads, and Save waits.
      const title = s.context.input.row === undefined ? 'Faq_Text_CreateTitle' : 'Faq_Text_UpdateTitle';
      expect(await inDialog().findByRole('heading', { name: en(title) })).toBeInTheDocument();
      expect(await inDialog().findByText(en('Global_Text_Loading'))).toBeInTheDocument();
      expect(inputOf('header')).toBeDisabled();
      expect(button('Faq_Button_Save')).toBeDisabled();
    },
    editing: async (s, harness) => {
      const save = await screen.findByRole('button', { name: en('Faq_Button_Save') });
      await waitFor(() => {
        expect(save).toHaveAttribute('aria-busy', 'false');
      });
      expect(inDialog().queryByText(en('Global_Text_Loading'))).toBeNull();
      if (selectCanSave(s)) expect(save).toBeEnabled();
      else expect(save).toBeDisabled();
      expectDraftOnScreen(s);
      // Each input the contract refuses (once typed into, or on an existing question) says so; the others stay quiet.
      expect(inDialog().queryAllByText(en('Faq_Text_Invalid'))).toHaveLength(selectInvalidInputs(s).length);
      expect(inDialog().queryByText(en('Faq_Text_Stale'))).toBeNull();
      expectSanitisedPreview(s);
      // A refused save or read that is neither stale nor a 401 is told in a snackbar under Global_Text_FailTitle.
      if (harness.failure instanceof Error) {
        const snackbar = await screen.findByTestId('snackbar');
        expect(snackbar).toHaveTextContent(en('Global_Text_FailTitle'));
        expect(snackbar).toHaveTextContent(harness.failure.message);
        // Asserted once, right after the failure: the snackbar leaves on its own later.
        harness.failure = undefined;
      }
    },
    saving: async (_s, harness) => {
      expect(await screen.findByRole('button', { name: en('Faq_Button_Save') })).toHaveAttribute('aria-busy', 'true');
      expect(button('Faq_Button_Cancel')).toBeDisabled();
      await waitFor(() => {
        expect(harness.calls.save.waiting()).toBe(1);
      });
    },
    conflict: async (s, harness) => {
      // The stale text and its two ways out, no plain Save; the draft is still on screen, not editable.
      await expectConflictChoice('Faq_Text_Stale', 'Faq_Button_Save');
      expect(inputOf('header')).toBeDisabled();
      expectDraftOnScreen(s);
      harness.failure = undefined;
    },
    overwriting: async (_s, harness) => {
      // "Keep mine" reads the question's current version first, then saves the draft over it.
      expect(await screen.findByRole('button', { name: en('Faq_Button_Save') })).toHaveAttribute('aria-busy', 'true');
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
      expect(button('Faq_Button_Save')).toBeDisabled();
      expect(button('Faq_Button_Cancel')).toBeEnabled();
      expect(inputOf('header')).toBeDisabled();
      expectDraftOnScreen(s);
    },
    saved: async (s, harness) => {
      await dialogGone();
      // What was saved is what the dialog showed when Save was pressed.
      const last = harness.calls.save.calls.at(-1) as { id?: string; version?: number; body: unknown };
      const { order, ...texts } = harness.onScreen ?? { onScreen: 'was recorded at Save' };
      expect(last.body).toEqual({ ...texts, order: Number(order) });
      // A new question is a POST; an existing one is sent at the version read last (theirs after "keep mine").
      const asRead = harness.calls.load.calls.length > 1 ? theirs : s.context.input.row;
      expect({ id: last.id, version: last.version }).toEqual({ id: asRead?.id, version: asRead?.version });
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
      const { input, value } = event.changes;
      await user.clear(inputOf(input));
      // user-event reads `[` and `{` as key names; the answer's markup has neither.
      if (value !== '') await user.type(inputOf(input), value);
    },
    save: async (_step, harness) => {
      harness.onScreen = Object.fromEntries(
        (Object.keys(inputIds) as FaqInput[]).map((input) => [input, (inputOf(input) as HTMLInputElement).value]),
      );
      await harness.user.click(button('Faq_Button_Save'));
    },
    cancel: (_step, { user }) => user.click(button('Faq_Button_Cancel')),
    reload: (_step, { user }) => user.click(button('Global_Button_ReloadTheirs')),
    keepMine: (_step, { user }) => user.click(button('Global_Button_KeepMine')),
    [doneEventType('save')]: ({ event }, harness) => answerEditorCall(harness, 'save', event),
    [errorEventType('save')]: async ({ event }, harness) => {
      harness.failure = event.error;
      await answerEditorCall(harness, 'save', event);
    },
  },
});
