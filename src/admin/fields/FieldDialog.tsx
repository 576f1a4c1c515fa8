import { SimpleGrid } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { fieldDialogMachine } from '@machines/field-dialog/field-dialog.machine';
import {
  selectDataTypes,
  selectDraft,
  selectInvalidInputs,
  selectIsEditable,
  selectMetaTags,
  selectMode,
  selectSections,
} from '@machines/field-dialog/field-dialog.selectors';
import type { FieldChange, FieldTextInput } from '@machines/field-dialog/field-draft';
import type { FieldDataType, FieldMetaTag } from '@contracts/field-kinds';
import { labels } from '@src/i18n/admin-labels';
import { EditorFormDialog } from '../../ui/form/EditorFormDialog';
import { LabelledField } from '../../ui/form/LabelledField';
import { withValues } from '../../i18n/with-values';
import { SubfieldSection } from './SubfieldSection';

type DialogRef = ActorRefFrom<typeof fieldDialogMachine>;

const inputLabels = {
  dictionaryName: labels.Field_Field_DictionaryName,
  fieldDescription: labels.Field_Field_FieldDescription,
  dataLength: labels.Field_Field_DataLength,
  defaultValue: labels.Field_Field_DefaultValue,
  validationMessage: labels.Field_Field_ValidationMessage,
  maskRegex: labels.Field_Field_MaskRegex,
  sufix: labels.Field_Field_Sufix,
  prefix: labels.Field_Field_Prefix,
  validationRegex: labels.Field_Field_ValidationRegex,
} satisfies Record<FieldTextInput, unknown>;

const shallowEqual = (a: object, b: object) =>
  Object.keys(a).length === Object.keys(b).length &&
  Object.entries(a).every(([key, value]) => (b as Record<string, unknown>)[key] === value);
const sameList = (a: readonly string[], b: readonly string[]) => a.join('\n') === b.join('\n');
const sameChoices = (a: readonly { key: string; value: string }[], b: readonly { key: string; value: string }[]) =>
  a.length === b.length && a.every((item, i) => item.key === b.at(i)?.key && item.value === b.at(i)?.value);

/** The field dialog, 65 % wide (admin-and-board §2, §9): the machine decides what shows and when Save is possible. */
export function FieldDialog({ dialogRef }: { dialogRef: DialogRef }) {
  const { i18n } = useLingui();
  const mode = useSelector(dialogRef, selectMode);
  const draft = useSelector(dialogRef, selectDraft);
  const sections = useSelector(dialogRef, selectSections, shallowEqual);
  const invalid = useSelector(dialogRef, selectInvalidInputs, sameList);
  const dataTypes = useSelector(dialogRef, selectDataTypes, sameChoices);
  const metaTags = useSelector(dialogRef, selectMetaTags, sameChoices);
  const editable = useSelector(dialogRef, selectIsEditable);
  const edit = (changes: FieldChange) => {
    dialogRef.send({ type: 'edit', changes });
  };

  const textInput = (input: FieldTextInput, options: { required?: boolean; type?: 'number'; hint?: string } = {}) => (
    <LabelledField
      key={input}
      kind={options.type ?? 'text'}
      label={i18n._(inputLabels[input])}
      value={draft[input]}
      required={options.required ?? false}
      disabled={!editable}
      hint={options.hint}
      message={invalid.includes(input) ? i18n._(labels.Field_Text_Invalid) : undefined}
      onChange={(value: string) => {
        edit({ type: 'input.edit', input, value });
      }}
    />
  );

  return (
    <EditorFormDialog
      dialogRef={dialogRef}
      frame={{ size: 'cover', scrollBehavior: 'inside' }}
      // 65 % of the window (admin-and-board §9), not of the frame's padded box.
      content={{ width: '65vw', maxWidth: '65vw', height: 'auto' }}
      title={
        mode === 'create'
          ? i18n._(labels.Field_Text_CreateTitle)
          : i18n._(withValues(labels.Field_Text_UpdateTitle, { fieldName: draft.dictionaryName }))
      }
      cancelText={i18n._(labels.Field_Button_Cancel)}
      saveText={i18n._(labels.Field_Button_Save)}
      staleText={i18n._(labels.Field_Text_Stale)}
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {textInput('dictionaryName', { required: true })}
        {textInput('fieldDescription', { required: true })}
        <LabelledField
          kind="select"
          label={i18n._(labels.Field_Field_DataType)}
          required
          disabled={!editable}
          value={draft.dataType ?? ''}
          empty={{ label: i18n._(labels.Global_Text_Select), disabled: true }}
          options={dataTypes.map((item) => ({ value: item.key, label: item.value }))}
          onChange={(value) => {
            edit({ type: 'dataType.choose', dataType: value as FieldDataType });
          }}
        />
        <LabelledField
          kind="checkbox"
          placement={{ alignSelf: 'end' }}
          label={i18n._(labels.Field_Field_Disable)}
          checked={draft.disable}
          disabled={!editable}
          onChange={(checked) => {
            edit({ type: 'disable.set', value: checked });
          }}
        />
        {sections.dataLength ? textInput('dataLength', { required: true, type: 'number' }) : null}
        {sections.metaTag ? (
          <LabelledField
            kind="select"
            label={i18n._(labels.Field_Field_MetaTag)}
            disabled={!editable}
            value={draft.metaTag ?? ''}
            empty={{ label: i18n._(labels.Field_Text_NoMetaTag) }}
            options={metaTags.map((item) => ({ value: item.key, label: item.value }))}
            onChange={(value) => {
              edit({ type: 'metaTag.choose', metaTag: value === '' ? null : (value as FieldMetaTag) });
            }}
          />
        ) : null}
        {sections.defaultValue ? textInput('defaultValue') : null}
        {textInput('validationMessage')}
        {/* The notation is said here: a mask that is not one is refused, never kept and silently ignored. */}
        {textInput('maskRegex', { hint: i18n._(labels.Field_Text_MaskHint) })}
        {textInput('validationRegex')}
        {textInput('prefix')}
        {textInput('sufix')}
      </SimpleGrid>
      {sections.subfields ? <SubfieldSection dialogRef={dialogRef} /> : null}
    </EditorFormDialog>
  );
}
