import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { labelEditorMachine } from '@machines/label-editor/label-editor.machine';
import {
  sameLabelEditorView,
  selectLabelEditorView,
  type LabelEditorView,
} from '@machines/label-editor/label-editor.selectors';
import type { Draft, EditScope, InputRules, LabelChange } from '@machines/label-editor/label-editor.types';
import { cultureNamed, cultureOptions } from '@src/i18n/culture-options';
import { labels } from '@src/i18n/admin-labels';
import { looksLikeHtml } from '@src/i18n/sanitise';
import { HtmlLabel } from '@src/ui/HtmlLabel';
import { ErrorSummary } from '@src/ui/form/ErrorSummary';
import { FormDialog } from '@src/ui/form/FormDialog';
import { LabelledField } from '@src/ui/form/LabelledField';
import { useText } from '@src/ui/use-text';
import { ConflictChoice } from '@src/ui/form/ConflictChoice';
import { BusySpinner } from '@src/ui/BusySpinner';

type EditorRef = ActorRefFrom<typeof labelEditorMachine>;

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

const selectView = (s: Parameters<typeof selectLabelEditorView>[0] | undefined) =>
  s === undefined ? undefined : selectLabelEditorView(s);
const sameView = (a: LabelEditorView | undefined, b: LabelEditorView | undefined) =>
  a === undefined || b === undefined ? a === b : sameLabelEditorView(a, b);

/**
 * The label dialog and the input-resource dialog of Edit Mode (public-and-profile §2 "Edit dialogs"): key, culture
 * and client, then the value (label) or placeholder and validation message (input). Save follows the machine's
 * `can({ type: 'save' })`: disabled while invalid, loading or saving. A failed read or save is explained above the
 * form; a conflict offers "reload their version" or "keep mine".
 */
export function LabelEditorDialog({
  editorRef,
  onEditTitle,
  inline = false,
}: {
  editorRef: EditorRef | undefined;
  onEditTitle: () => void;
  /** In Edit Mode's layer (its host portals the layer over the page), rather than a portal of its own. */
  inline?: boolean;
}) {
  const { i18n } = useLingui();
  const view = useSelector(editorRef, selectView, sameView);
  const send = (event: Parameters<EditorRef['send']>[0]) => {
    editorRef?.send(event);
  };
  // The dialog stays mounted and closes through `open`, so its focus trap and hidden siblings are released as
  // Chakra's dialog expects (an unmounted open dialog would leave the page inert).
  return (
    <FormDialog
      open={view !== undefined}
      inline={inline}
      testId="edit-text-dialog"
      title={i18n._(
        view?.target.kind === 'input' ? labels.Dashboard_Text_InputDialogTitle : labels.Dashboard_Text_LabelDialogTitle,
      )}
      cancelText={i18n._(labels.Dashboard_Button_Cancel)}
      saveText={i18n._(labels.Dashboard_Button_Save)}
      saving={view?.saving ?? false}
      canSave={view?.canSave ?? false}
      onCancel={() => {
        send({ type: 'cancel' });
      }}
      onSave={() => {
        send({ type: 'save' });
      }}
    >
      {view ? (
        <EditorBody
          view={view}
          onEdit={(changes) => {
            send({ type: 'edit', changes });
          }}
          onReload={() => {
            send({ type: 'reload' });
          }}
          onKeepMine={() => {
            send({ type: 'keepMine' });
          }}
          onEditTitle={onEditTitle}
        />
      ) : null}
    </FormDialog>
  );
}

function EditorBody({
  view,
  onEdit,
  onReload,
  onKeepMine,
  onEditTitle,
}: {
  view: LabelEditorView;
  onEdit: (changes: LabelChange) => void;
  onReload: () => void;
  onKeepMine: () => void;
  onEditTitle: () => void;
}) {
  const { i18n } = useLingui();
  const text = useText();
  return (
    <Stack gap="4">
      <Text>
        {i18n._(labels.Dashboard_Text_Key)}: <code>{view.target.key}</code>
      </Text>
      <ScopeFields
        view={view}
        onChange={(scope) => {
          onEdit({ scope });
        }}
      />
      {view.busy ? <BusySpinner /> : null}
      <ErrorSummary status="warning" message={view.problem === undefined ? undefined : text(view.problem)} />
      {view.failed ? (
        <Button variant="outline" alignSelf="start" onClick={onReload}>
          {i18n._(labels.Dashboard_Button_Reload)}
        </Button>
      ) : null}
      <ErrorSummary status="warning" message={view.conflict ? i18n._(labels.Dashboard_Text_Stale) : undefined} />
      {view.conflict ? <ConflictChoice onReload={onReload} onKeepMine={onKeepMine} /> : null}
      <DraftFields
        view={view}
        onChange={(draft) => {
          onEdit({ text: draft });
        }}
      />
      {view.target.kind === 'input' ? (
        <Button variant="plain" alignSelf="start" onClick={onEditTitle}>
          {i18n._(labels.Dashboard_Button_EditTitleText)}
        </Button>
      ) : null}
    </Stack>
  );
}

function ScopeFields({ view, onChange }: { view: LabelEditorView; onChange: (scope: EditScope) => void }) {
  const { i18n } = useLingui();
  const disabled = !view.canChangeScope;
  return (
    <HStack gap="4" align="start">
      <LabelledField
        kind="select"
        label={i18n._(labels.Dashboard_Text_Culture)}
        disabled={disabled}
        value={view.scope.culture}
        options={cultureOptions(i18n)}
        onChange={(value) => {
          const culture = cultureNamed(value);
          if (culture) onChange({ ...view.scope, culture });
        }}
      />
      <LabelledField
        kind="select"
        label={i18n._(labels.Dashboard_Text_Scope)}
        disabled={disabled || (!view.appliesTo.global && view.appliesTo.clients.length <= 1)}
        value={view.appliesTo.chosen ?? ''}
        {...(view.appliesTo.global ? { empty: { label: i18n._(labels.Dashboard_Text_AllClients) } } : {})}
        options={view.appliesTo.clients.map((client) => ({ value: client.id, label: client.name }))}
        onChange={(value) => {
          onChange({ ...view.scope, clientId: value === '' ? null : value });
        }}
      />
    </HStack>
  );
}

/** The two texts of an input resource, both required (public-and-profile §2 "Edit dialogs"), in the order shown. */
const inputTexts = [
  { key: 'placeHolder', title: labels.Dashboard_Text_Placeholder },
  { key: 'validationMessage', title: labels.Dashboard_Text_ValidationMessage },
] as const;

function DraftFields({ view, onChange }: { view: LabelEditorView; onChange: (draft: Draft) => void }) {
  const { i18n } = useLingui();
  const draft = view.draft;
  if (draft === undefined) return null;
  const readOnly = view.busy;
  const required = (value: string) => (value.trim() === '' ? i18n._(labels.Dashboard_Text_Required) : undefined);
  if (draft.kind === 'label') {
    return (
      <Stack gap="2">
        <LabelledField
          kind="textarea"
          label={i18n._(labels.Dashboard_Text_Value)}
          required
          readOnly={readOnly}
          value={draft.value}
          message={required(draft.value)}
          onChange={(value) => {
            onChange({ kind: 'label', value });
          }}
        />
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
      {inputTexts.map(({ key, title }) => (
        <LabelledField
          key={key}
          kind="textarea"
          label={i18n._(title)}
          required
          readOnly={readOnly}
          value={draft[key]}
          message={required(draft[key])}
          onChange={(text) => {
            onChange({ ...draft, [key]: text });
          }}
        />
      ))}
    </Stack>
  );
}
