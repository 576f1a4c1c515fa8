import { Button, HStack, NativeSelect, Spinner, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { useSelector } from '@xstate/react';
import { useCallback, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { templateEditorMachine } from '@machines/template-editor/template-editor.machine';
import {
  selectAddableFields,
  selectCanSave,
  selectIsDefault,
  selectIsEditable,
  selectIsLoading,
  selectIsSaving,
  selectIsStale,
  selectLoadFailed,
  selectMode,
  selectName,
  selectRows,
} from '@machines/template-editor/template-editor.selectors';
import type { CatalogueField, TemplateChange } from '@machines/template-editor/template-draft';
import { labels } from '@src/i18n/admin-labels';
import { ErrorSummary } from '../../ui/form/ErrorSummary';
import { FormDialog } from '../../ui/form/FormDialog';
import { LabelledField } from '../../ui/form/LabelledField';
import { withValues } from '../../i18n/with-values';
import { ConflictChoice } from '@src/ui/form/ConflictChoice';
import { TemplateFieldTable } from './TemplateFieldTable';

type EditorRef = ActorRefFrom<typeof templateEditorMachine>;

const sameFields = (a: readonly CatalogueField[], b: readonly CatalogueField[]) =>
  a.length === b.length && a.every((field, i) => field === b[i]);

/** The template editor: name, Default flag and the template's fields, in a full-width dialog. */
export function TemplateEditor({ editorRef }: { editorRef: EditorRef }) {
  const { i18n } = useLingui();
  const mode = useSelector(editorRef, selectMode);
  const name = useSelector(editorRef, selectName);
  const loading = useSelector(editorRef, selectIsLoading);
  const loadFailed = useSelector(editorRef, selectLoadFailed);
  const editable = useSelector(editorRef, selectIsEditable);
  const saving = useSelector(editorRef, selectIsSaving);
  const stale = useSelector(editorRef, selectIsStale);
  const canSave = useSelector(editorRef, selectCanSave);
  const isDefault = useSelector(editorRef, selectIsDefault);
  const rows = useSelector(editorRef, selectRows);
  const send = useCallback(
    (changes: TemplateChange) => {
      editorRef.send({ type: 'edit', changes });
    },
    [editorRef],
  );
  const cancel = () => {
    editorRef.send({ type: 'cancel' });
  };
  return (
    <FormDialog
      frame={{ size: 'full', scrollBehavior: 'inside' }}
      title={
        mode === 'create'
          ? i18n._(labels.Template_Text_CreateTitle)
          : i18n._(withValues(labels.Template_Text_UpdateTitle, { templateName: name }))
      }
      cancelText={i18n._(labels.Template_Button_Cancel)}
      saveText={i18n._(labels.Template_Button_Save)}
      saving={saving}
      canSave={canSave}
      onCancel={cancel}
      onSave={() => {
        editorRef.send({ type: 'save' });
      }}
    >
      {loading ? (
        <Stack align="center" py="8" role="status">
          <Spinner />
          <Text>{i18n._(labels.Global_Text_Loading)}</Text>
        </Stack>
      ) : loadFailed ? (
        <Stack align="start" gap="3">
          <Text role="alert">{i18n._(labels.Template_Text_LoadFailed)}</Text>
          <Button
            onClick={() => {
              editorRef.send({ type: 'reload' });
            }}
          >
            {i18n._(labels.Template_Button_Retry)}
          </Button>
        </Stack>
      ) : (
        <Stack gap="4">
          <ErrorSummary status="warning" message={stale ? i18n._(labels.Template_Text_Stale) : undefined} />
          {stale ? (
            <ConflictChoice
              onReload={() => editorRef.send({ type: 'reload' })}
              onKeepMine={() => editorRef.send({ type: 'keepMine' })}
            />
          ) : null}
          <HStack align="end" gap="6">
            <LabelledField
              label={i18n._(labels.Template_Field_Name)}
              required
              value={name}
              disabled={!editable}
              onChange={(value) => {
                send({ type: 'name.edit', value });
              }}
            />
            <LabelledField
              kind="checkbox"
              placement={{ flexShrink: 0 }}
              label={i18n._(labels.Template_Field_Default)}
              checked={isDefault}
              disabled={!editable}
              onChange={(checked) => {
                send({ type: 'default.set', value: checked });
              }}
            />
          </HStack>
          <AddFieldPicker editorRef={editorRef} editable={editable} />
          <TemplateFieldTable rows={rows} editable={editable} send={send} />
        </Stack>
      )}
    </FormDialog>
  );
}

/** Choose a field of the catalogue that is not on the template yet, then add it at the end. */
function AddFieldPicker({ editorRef, editable }: { editorRef: EditorRef; editable: boolean }) {
  const { i18n } = useLingui();
  const addable = useSelector(editorRef, selectAddableFields, sameFields);
  // Which option is picked is widget state, not flow state: the machine only hears the add.
  const [picked, setPicked] = useState('');
  const choice = addable.some((field) => field.id === picked) ? picked : '';
  return (
    <HStack align="end">
      <NativeSelect.Root maxWidth="md" disabled={!editable || addable.length === 0}>
        <NativeSelect.Field
          aria-label={i18n._(labels.Template_Field_AddField)}
          value={choice}
          onChange={(event) => {
            setPicked(event.target.value);
          }}
        >
          <option value="">{i18n._(labels.Global_Text_Select)}</option>
          {addable.map((field) => (
            <option key={field.id} value={field.id}>
              {field.dictionaryName} ({field.dataType})
            </option>
          ))}
        </NativeSelect.Field>
      </NativeSelect.Root>
      <Button
        disabled={!editable || choice === ''}
        onClick={() => {
          editorRef.send({ type: 'edit', changes: { type: 'field.add', fieldId: choice } });
          setPicked('');
        }}
      >
        {i18n._(labels.Template_Button_AddField)}
      </Button>
    </HStack>
  );
}
