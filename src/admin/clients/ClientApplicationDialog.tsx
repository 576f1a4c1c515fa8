import { Fieldset, SimpleGrid, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { clientApplicationDialogMachine } from '@machines/client-application-dialog/client-application-dialog.machine';
import {
  selectApplicationName,
  selectCanSave,
  selectForm,
  selectInvalidFields,
  selectIsBusy,
  selectIsLoading,
  selectIsOpen,
  selectIsStale,
  selectRoleOptions,
  selectTemplates,
} from '@machines/client-application-dialog/client-application-dialog.selectors';
import { toggledExclusions, type TemplateFormField } from '@machines/client-application-dialog/template-draft';
import { labels } from '@src/i18n/admin-labels';
import { FormDialog } from '../../ui/form/FormDialog';
import { LabelledField } from '../../ui/form/LabelledField';
import { StaleUpdateNotice } from '@src/ui/form/ConflictChoice';
import { LoadingStatus } from '@src/ui/LoadingStatus';
import { withValues } from '../../i18n/with-values';

type DialogRef = ActorRefFrom<typeof clientApplicationDialogMachine>;

const sameList = (a: readonly string[], b: readonly string[]) => a.join('\n') === b.join('\n');

/**
 * The client-application dialog (admin-and-board §2, edit only), opened over the client dialog and as wide: the
 * template (Default templates are not offered), the Okta container and its label, the roles API URL, and the roles
 * the client's site rules exclude in the application (a multi-select of the application's roles).
 */
export function ClientApplicationDialog({ dialogRef }: { dialogRef: DialogRef }) {
  const { i18n } = useLingui();
  const open = useSelector(dialogRef, selectIsOpen);
  const loading = useSelector(dialogRef, selectIsLoading);
  const busy = useSelector(dialogRef, selectIsBusy);
  const applicationName = useSelector(dialogRef, selectApplicationName);
  const templates = useSelector(dialogRef, selectTemplates);
  const form = useSelector(dialogRef, selectForm);
  const invalid = useSelector(dialogRef, selectInvalidFields, sameList);
  const canSave = useSelector(dialogRef, selectCanSave);
  const stale = useSelector(dialogRef, selectIsStale);
  const roleOptions = useSelector(dialogRef, selectRoleOptions);
  const cancel = () => {
    dialogRef.send({ type: 'cancel' });
  };
  const invalidText = (field: TemplateFormField) =>
    invalid.includes(field) && (field !== 'templateId' || form.templateId !== null)
      ? i18n._(labels.Global_Text_VMDefault)
      : undefined;
  const text = (field: Exclude<TemplateFormField, 'templateId' | 'excludedRoles'>, title: string) => (
    <LabelledField
      label={title}
      value={form[field]}
      disabled={busy}
      message={invalidText(field)}
      onChange={(value) => {
        dialogRef.send({ type: 'edit', changes: { [field]: value } });
      }}
    />
  );

  return (
    <FormDialog
      open={open}
      content={{ width: '640px', maxWidth: '100%' }}
      title={i18n._(withValues(labels.ClientApplication_Text_Title, { applicationName }))}
      cancelText={i18n._(labels.ClientApplication_Button_Cancel)}
      saveText={i18n._(labels.ClientApplication_Button_Save)}
      saving={busy && !loading}
      canSave={canSave}
      onCancel={cancel}
      onSave={() => {
        dialogRef.send({ type: 'save' });
      }}
    >
      {loading ? (
        <LoadingStatus />
      ) : (
        <Stack gap="4">
          <StaleUpdateNotice
            message={stale ? i18n._(labels.ClientApplication_Text_StaleUpdate) : undefined}
            onReload={() => dialogRef.send({ type: 'reload' })}
            onKeepMine={() => dialogRef.send({ type: 'keepMine' })}
          />
          <LabelledField
            kind="select"
            label={i18n._(labels.ClientApplication_Field_Template)}
            required
            disabled={busy}
            value={form.templateId ?? ''}
            empty={{ label: i18n._(labels.Global_Text_Select), disabled: true }}
            options={templates.map((template) => ({ value: template.id, label: template.name }))}
            onChange={(value) => {
              dialogRef.send({
                type: 'edit',
                changes: { templateId: value === '' ? null : value },
              });
            }}
          />
          {text('oktaContainerLabel', i18n._(labels.ClientApplication_Field_OktaContainerLabel))}
          {text('oktaContainer', i18n._(labels.ClientApplication_Field_OktaContainer))}
          {text('rolesApiUrl', i18n._(labels.ClientApplication_Field_RolesApiUrl))}
          {roleOptions.length > 0 ? (
            <Fieldset.Root disabled={busy}>
              <Fieldset.Legend>{i18n._(labels.ClientApplication_Field_ExcludedRoles)}</Fieldset.Legend>
              <SimpleGrid columns={3} gap="2" data-testid="excluded-roles">
                {roleOptions.map((role) => (
                  <LabelledField
                    key={role}
                    kind="checkbox"
                    label={role}
                    checked={form.excludedRoles.includes(role)}
                    disabled={busy}
                    onChange={(excluded) => {
                      dialogRef.send({
                        type: 'edit',
                        changes: { excludedRoles: toggledExclusions(form.excludedRoles, roleOptions, role, excluded) },
                      });
                    }}
                  />
                ))}
              </SimpleGrid>
            </Fieldset.Root>
          ) : null}
        </Stack>
      )}
    </FormDialog>
  );
}
