import { Box, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { ApplicationField } from '@machines/application-dialog/application-draft';
import type { applicationDialogMachine } from '@machines/application-dialog/application-dialog.machine';
import {
  selectCanClose,
  selectCanSave,
  selectConflict,
  selectDraft,
  selectIsBusy,
  selectIsStale,
  selectMode,
  selectReadOnly,
  selectRegions,
  selectFieldProblems,
} from '@machines/application-dialog/application-dialog.selectors';
import { ApplicationIcon } from '../../board/application-icon';
import type { ListItem } from '@contracts/resources';
import type { FieldOption } from '../../ui/form/LabelledField';
import { labels } from '@src/i18n/admin-labels';
import { ErrorSummary } from '../../ui/form/ErrorSummary';
import { FormDialog } from '../../ui/form/FormDialog';
import { LabelledField } from '../../ui/form/LabelledField';
import { useFailureText } from '../../ui/form/use-failure-text';
import { ConflictChoice } from '@src/ui/form/ConflictChoice';
import { useText } from '../../ui/use-text';

type DialogRef = ActorRefFrom<typeof applicationDialogMachine>;

/**
 * The application dialog (admin-and-board §2): create without a row, update with one. The machine decides which
 * inputs are read-only, which show a problem, and whether Save is possible. `icons` is the resource list
 * Global_List_Icons (key: the icon identifier, value: its name).
 */
/** The problems change only when an input's verdict does: compare them by content, not by identity. */
const shallowEqualProblems = (a: Partial<Record<string, string>>, b: Partial<Record<string, string>>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([key, kind]) => b[key] === kind);

export function ApplicationDialog({ dialogRef, icons }: { dialogRef: DialogRef; icons: readonly ListItem[] }) {
  const { i18n } = useLingui();
  const text = useText();
  const mode = useSelector(dialogRef, selectMode);
  const canSave = useSelector(dialogRef, selectCanSave);
  const busy = useSelector(dialogRef, selectIsBusy);
  const conflict = useSelector(dialogRef, selectConflict);
  const canClose = useSelector(dialogRef, selectCanClose);
  const stale = useSelector(dialogRef, selectIsStale);
  const close = () => {
    dialogRef.send({ type: 'cancel' });
  };
  return (
    <FormDialog
      submits
      title={i18n._(mode === 'create' ? labels.Application_Text_CreateTitle : labels.Application_Text_UpdateTitle)}
      cancelText={i18n._(labels.Application_Button_Cancel)}
      saveText={i18n._(labels.Application_Button_Save)}
      saveColorPalette="brand"
      saving={busy}
      canSave={canSave}
      cancelDisabled={!canClose}
      onCancel={close}
      onSave={() => {
        dialogRef.send({ type: 'save' });
      }}
    >
      <Stack gap="4">
        <ErrorSummary status="warning" message={conflict ? text(conflict) : undefined} />
        {stale ? (
          <ConflictChoice
            onReload={() => dialogRef.send({ type: 'reload' })}
            onKeepMine={() => dialogRef.send({ type: 'keepMine' })}
          />
        ) : null}
        <ApplicationInputs dialogRef={dialogRef} icons={icons} />
      </Stack>
    </FormDialog>
  );
}

function ApplicationInputs({ dialogRef, icons }: { dialogRef: DialogRef; icons: readonly ListItem[] }) {
  const { i18n } = useLingui();
  const draft = useSelector(dialogRef, selectDraft);
  const readOnly = useSelector(dialogRef, selectReadOnly);
  const problems = useSelector(dialogRef, selectFieldProblems, shallowEqualProblems);
  const regions = useSelector(dialogRef, selectRegions);
  const change = (field: ApplicationField) => (value: string) => {
    dialogRef.send({ type: 'edit', changes: { field, value } });
  };
  const failureText = useFailureText({ invalid: labels.Global_Text_VMGlobal });
  const problemText = (field: ApplicationField) => {
    const kind = problems[field];
    return kind === undefined ? undefined : failureText({ kind });
  };
  const textInput = (field: ApplicationField, title: string, required: boolean) => (
    <LabelledField
      label={title}
      required={required}
      readOnly={readOnly[field]}
      value={draft[field]}
      message={problemText(field)}
      onChange={change(field)}
    />
  );
  const selectInput = (
    field: 'regionId' | 'iconIdentifier',
    title: string,
    options: FieldOption[],
    aside?: ReactNode,
  ) => (
    <LabelledField
      kind="select"
      label={title}
      required
      value={draft[field]}
      message={problemText(field)}
      empty={{ label: i18n._(labels.Global_Text_Select) }}
      options={options}
      onChange={change(field)}
      aside={aside}
    />
  );
  // An identifier the list no longer offers still shows, so an update does not silently change it.
  const unlisted =
    draft.iconIdentifier !== '' && !icons.some((icon) => icon.key === draft.iconIdentifier)
      ? [{ value: draft.iconIdentifier, label: draft.iconIdentifier }]
      : [];
  return (
    <>
      {textInput('applicationName', i18n._(labels.Application_Field_ApplicationName), true)}
      {textInput('applicationLink', i18n._(labels.Application_Field_ApplicationLink), true)}
      {textInput('defaultRoleValue', i18n._(labels.Application_Field_DefaultRoleValue), false)}
      {textInput('alias', i18n._(labels.Application_Field_Alias), false)}
      {selectInput(
        'regionId',
        i18n._(labels.Application_Field_Region),
        regions.map((region) => ({ value: region.id, label: region.name })),
      )}
      {selectInput(
        'iconIdentifier',
        i18n._(labels.Application_Field_IconIdentifier),
        [...unlisted, ...icons.map((icon) => ({ value: icon.key, label: icon.value }))],
        draft.iconIdentifier === '' ? null : (
          <Box data-testid="chosen-icon" data-icon={draft.iconIdentifier}>
            <ApplicationIcon identifier={draft.iconIdentifier} />
          </Box>
        ),
      )}
    </>
  );
}
