import {
  Alert,
  Button,
  Dialog,
  Field,
  HStack,
  NativeSelect,
  Portal,
  Spinner,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { labelEditorMachine } from '@machines/label-editor/label-editor.machine';
import {
  sameLabelEditorView,
  selectLabelEditorView,
  type LabelEditorView,
} from '@machines/label-editor/label-editor.selectors';
import type { EditProblem, InputRules } from '@machines/label-editor/label-editor.types';
import { cultures, type Culture } from '@contracts/culture';
import { labels } from '@src/i18n/labels';
import { looksLikeHtml } from '@src/i18n/sanitise';
import { HtmlLabel } from '@src/ui/HtmlLabel';
import { EDIT_IGNORE_ATTRIBUTE } from './marked-texts';

type EditorRef = ActorRefFrom<typeof labelEditorMachine>;

const ignore = { [EDIT_IGNORE_ATTRIBUTE]: '' };

const problemText = {
  load_failed: labels.Dashboard_Text_LoadFailed,
  not_found: labels.Dashboard_Text_NotFound,
  save_failed: labels.Dashboard_Text_SaveFailed,
} satisfies Record<EditProblem, unknown>;

const cultureText = {
  'en-us': labels.Dashboard_Text_CultureEnglish,
  es: labels.Dashboard_Text_CultureSpanish,
} satisfies Record<Culture, unknown>;

const thisClientText = (clientId: string) => ({ ...labels.Dashboard_Text_ThisClient, values: { clientId } });
const rulesText = (rules: InputRules, required: string) => ({
  ...labels.Dashboard_Text_Rules,
  values: {
    title: rules.title,
    type: rules.type,
    required,
    min: rules.minValue ?? '—',
    max: rules.maxValue ?? '—',
    regex: rules.validationRegex ?? '—',
  },
});

/**
 * The label dialog and the input-resource dialog of Edit Mode (public-and-profile §2 "Edit dialogs"): key, culture
 * and client, then the value (label) or placeholder and validation message (input). Save follows the machine's
 * `can('edit.save')`: disabled while invalid, loading or saving, and after a stale save until reloaded.
 */
export function LabelEditorDialog({
  editorRef,
  onEditTitle,
}: {
  editorRef: EditorRef | undefined;
  onEditTitle: () => void;
}) {
  // The dialog stays mounted and closes through `open`, so its focus trap and hidden siblings are released as
  // Chakra's dialog expects (an unmounted open dialog would leave the page inert).
  return (
    <Dialog.Root
      open={editorRef !== undefined}
      size="lg"
      onOpenChange={(details) => {
        if (!details.open) editorRef?.send({ type: 'edit.cancel' });
      }}
    >
      <Portal>
        <Dialog.Backdrop {...ignore} />
        <Dialog.Positioner {...ignore}>
          <Dialog.Content data-testid="edit-text-dialog">
            {editorRef ? <EditorContent editorRef={editorRef} onEditTitle={onEditTitle} /> : null}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function EditorContent({ editorRef, onEditTitle }: { editorRef: EditorRef; onEditTitle: () => void }) {
  const { i18n } = useLingui();
  const view = useSelector(editorRef, selectLabelEditorView, sameLabelEditorView);
  const send = editorRef.send;
  const title =
    view.target.kind === 'label' ? labels.Dashboard_Text_LabelDialogTitle : labels.Dashboard_Text_InputDialogTitle;
  return (
    <>
      <Dialog.Header>
        <Dialog.Title>{i18n._(title)}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <Text>
            {i18n._(labels.Dashboard_Text_Key)}: <code>{view.target.key}</code>
          </Text>
          <ScopeFields view={view} onChange={(scope) => send({ type: 'scope.change', scope })} />
          {view.busy ? <Spinner aria-label={i18n._(labels.Global_Text_Loading)} /> : null}
          {view.problem ? <Problem text={i18n._(problemText[view.problem])} /> : null}
          {view.stale ? <Problem text={i18n._(labels.Dashboard_Text_Stale)} /> : null}
          <DraftFields view={view} onChange={(draft) => send({ type: 'draft.change', draft })} />
          {view.target.kind === 'input' ? (
            <Button variant="plain" alignSelf="start" onClick={onEditTitle}>
              {i18n._(labels.Dashboard_Button_EditTitleText)}
            </Button>
          ) : null}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={() => send({ type: 'edit.cancel' })}>
          {i18n._(labels.Dashboard_Button_Cancel)}
        </Button>
        {view.canReload ? (
          <Button variant="outline" onClick={() => send({ type: 'edit.reload' })}>
            {i18n._(labels.Dashboard_Button_Reload)}
          </Button>
        ) : null}
        <Button disabled={!view.canSave} onClick={() => send({ type: 'edit.save' })}>
          {i18n._(labels.Dashboard_Button_Save)}
        </Button>
      </Dialog.Footer>
    </>
  );
}

function Problem({ text }: { text: string }) {
  return (
    <Alert.Root status="warning">
      <Alert.Indicator />
      <Alert.Title>{text}</Alert.Title>
    </Alert.Root>
  );
}

function ScopeFields({
  view,
  onChange,
}: {
  view: LabelEditorView;
  onChange: (scope: LabelEditorView['scope']) => void;
}) {
  const { i18n } = useLingui();
  const disabled = !view.canChangeScope;
  return (
    <HStack gap="4" align="start">
      <Field.Root disabled={disabled}>
        <Field.Label>{i18n._(labels.Dashboard_Text_Culture)}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            value={view.scope.culture}
            onChange={(event) => {
              const culture = cultures.find((value) => value === event.currentTarget.value);
              if (culture) onChange({ ...view.scope, culture });
            }}
          >
            {cultures.map((culture) => (
              <option key={culture} value={culture}>
                {i18n._(cultureText[culture])}
              </option>
            ))}
          </NativeSelect.Field>
        </NativeSelect.Root>
      </Field.Root>
      <Field.Root disabled={disabled || view.pageClientId === null}>
        <Field.Label>{i18n._(labels.Dashboard_Text_Scope)}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            value={view.scope.clientId ?? ''}
            onChange={(event) => {
              onChange({ ...view.scope, clientId: event.currentTarget.value === '' ? null : view.pageClientId });
            }}
          >
            <option value="">{i18n._(labels.Dashboard_Text_AllClients)}</option>
            {view.pageClientId === null ? null : (
              <option value={view.pageClientId}>{i18n._(thisClientText(view.pageClientId))}</option>
            )}
          </NativeSelect.Field>
        </NativeSelect.Root>
      </Field.Root>
    </HStack>
  );
}

function DraftFields({
  view,
  onChange,
}: {
  view: LabelEditorView;
  onChange: (draft: NonNullable<LabelEditorView['draft']>) => void;
}) {
  const { i18n } = useLingui();
  const draft = view.draft;
  if (draft === undefined) return null;
  const readOnly = view.busy;
  if (draft.kind === 'label') {
    const empty = draft.value.trim() === '';
    return (
      <Stack gap="2">
        <Field.Root invalid={empty} readOnly={readOnly}>
          <Field.Label>{i18n._(labels.Dashboard_Text_Value)}</Field.Label>
          <Textarea
            rows={4}
            value={draft.value}
            onChange={(event) => onChange({ kind: 'label', value: event.currentTarget.value })}
          />
          <Field.ErrorText>{i18n._(labels.Dashboard_Text_Required)}</Field.ErrorText>
        </Field.Root>
        {looksLikeHtml(draft.value) ? (
          <Stack gap="1">
            <Text fontWeight="semibold">{i18n._(labels.Dashboard_Text_Preview)}</Text>
            <HtmlLabel html={draft.value} borderWidth="1px" borderRadius="md" p="2" data-testid="label-preview" />
          </Stack>
        ) : null}
      </Stack>
    );
  }
  const rules = view.rules;
  return (
    <Stack gap="3">
      {rules ? (
        <Text color="fg.muted" fontSize="sm">
          {i18n._(rulesText(rules, i18n._(rules.isRequired ? labels.Global_Button_Yes : labels.Global_Button_No)))}
        </Text>
      ) : null}
      <Field.Root invalid={draft.placeHolder.trim() === ''} readOnly={readOnly}>
        <Field.Label>{i18n._(labels.Dashboard_Text_Placeholder)}</Field.Label>
        <Textarea
          rows={2}
          value={draft.placeHolder}
          onChange={(event) => onChange({ ...draft, placeHolder: event.currentTarget.value })}
        />
        <Field.ErrorText>{i18n._(labels.Dashboard_Text_Required)}</Field.ErrorText>
      </Field.Root>
      <Field.Root invalid={draft.validationMessage.trim() === ''} readOnly={readOnly}>
        <Field.Label>{i18n._(labels.Dashboard_Text_ValidationMessage)}</Field.Label>
        <Textarea
          rows={2}
          value={draft.validationMessage}
          onChange={(event) => onChange({ ...draft, validationMessage: event.currentTarget.value })}
        />
        <Field.ErrorText>{i18n._(labels.Dashboard_Text_Required)}</Field.ErrorText>
      </Field.Root>
    </Stack>
  );
}
