import { Box, Field, HStack, Input, NativeSelect, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { useSelector } from '@xstate/react';
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
  selectShownProblems,
} from '@machines/application-dialog/application-dialog.selectors';
import { ApplicationIcon } from '../../board/application-icon';
import type { ListItem } from '@contracts/resources';
import { labels } from '../../i18n/labels';
import { DialogNotice } from '../../ui/DialogNotice';
import { FormDialog } from '../../ui/FormDialog';
import { ConflictChoice } from '../shared/ConflictChoice';
import { useText } from '../../ui/use-text';

type DialogRef = ActorRefFrom<typeof applicationDialogMachine>;

/**
 * The application dialog (admin-and-board §2): create without a row, update with one. The machine decides which
 * inputs are read-only, which show a problem, and whether Save is possible. `icons` is the resource list
 * Global_List_Icons (key: the icon identifier, value: its name).
 */
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
      frame={{ size: 'lg' }}
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
        {conflict ? <DialogNotice status="warning" role="alert" text={text(conflict)} /> : null}
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
  const problems = useSelector(dialogRef, selectShownProblems);
  const regions = useSelector(dialogRef, selectRegions);
  const change = (field: ApplicationField) => (value: string) => {
    dialogRef.send({ type: 'edit', changes: { field, value } });
  };
  const problemText = (field: ApplicationField) =>
    draft[field].trim() === '' ? i18n._(labels.Global_Text_VMRequired) : i18n._(labels.Global_Text_VMGlobal);
  const textInput = (field: ApplicationField, title: string, required: boolean) => (
    <Field.Root required={required} invalid={problems.includes(field)} readOnly={readOnly[field]}>
      <Field.Label>
        {title}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      <Input
        value={draft[field]}
        readOnly={readOnly[field]}
        onChange={(event) => {
          change(field)(event.currentTarget.value);
        }}
      />
      <Field.ErrorText>{problemText(field)}</Field.ErrorText>
    </Field.Root>
  );
  return (
    <>
      {textInput('applicationName', i18n._(labels.Application_Field_ApplicationName), true)}
      {textInput('applicationLink', i18n._(labels.Application_Field_ApplicationLink), true)}
      {textInput('defaultRoleValue', i18n._(labels.Application_Field_DefaultRoleValue), false)}
      {textInput('alias', i18n._(labels.Application_Field_Alias), false)}
      <Field.Root required invalid={problems.includes('regionId')}>
        <Field.Label>
          {i18n._(labels.Application_Field_Region)}
          <Field.RequiredIndicator />
        </Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            value={draft.regionId}
            onChange={(event) => {
              change('regionId')(event.currentTarget.value);
            }}
          >
            <option value="">{i18n._(labels.Global_Text_Select)}</option>
            {regions.map((region) => (
              <option key={region.id} value={region.id}>
                {region.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Field.ErrorText>{problemText('regionId')}</Field.ErrorText>
      </Field.Root>
      <Field.Root required invalid={problems.includes('iconIdentifier')}>
        <Field.Label>
          {i18n._(labels.Application_Field_IconIdentifier)}
          <Field.RequiredIndicator />
        </Field.Label>
        <HStack gap="3" width="full">
          <NativeSelect.Root flex="1">
            <NativeSelect.Field
              value={draft.iconIdentifier}
              onChange={(event) => {
                change('iconIdentifier')(event.currentTarget.value);
              }}
            >
              <option value="">{i18n._(labels.Global_Text_Select)}</option>
              {/* An identifier the list no longer offers still shows, so an update does not silently change it. */}
              {draft.iconIdentifier !== '' && !icons.some((icon) => icon.key === draft.iconIdentifier) ? (
                <option value={draft.iconIdentifier}>{draft.iconIdentifier}</option>
              ) : null}
              {icons.map((icon) => (
                <option key={icon.key} value={icon.key}>
                  {icon.value}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {draft.iconIdentifier === '' ? null : (
            <Box data-testid="chosen-icon" data-icon={draft.iconIdentifier}>
              <ApplicationIcon identifier={draft.iconIdentifier} />
            </Box>
          )}
        </HStack>
        <Field.ErrorText>{problemText('iconIdentifier')}</Field.ErrorText>
      </Field.Root>
    </>
  );
}
