import { Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { ClientForm, ClientFormField, FieldProblem } from '@machines/client-dialog/client-draft';
import type { clientDialogMachine } from '@machines/client-dialog/client-dialog.machine';
import {
  selectFieldProblems,
  selectForm,
  selectIsEditable,
  selectIsPortalAliasReadOnly,
  selectSites,
  selectSsoChoices,
} from '@machines/client-dialog/client-dialog.selectors';
import { labels } from '@src/i18n/admin-labels';
import { LabelledField } from '../../ui/form/LabelledField';
import { useFailureText } from '../../ui/form/use-failure-text';

const sameProblems = (a: Partial<Record<string, FieldProblem>>, b: Partial<Record<string, FieldProblem>>) =>
  JSON.stringify(a) === JSON.stringify(b);

/** The client tab: name, CMS site, Okta prefix, portal alias (read-only once saved) and automatic sign-up. */
export function ClientTab({ dialogRef }: { dialogRef: ActorRefFrom<typeof clientDialogMachine> }) {
  const { i18n } = useLingui();
  const failureText = useFailureText();
  const form = useSelector(dialogRef, selectForm);
  const problems = useSelector(dialogRef, selectFieldProblems, sameProblems);
  const sites = useSelector(dialogRef, selectSites);
  const ssoChoices = useSelector(dialogRef, selectSsoChoices);
  const aliasReadOnly = useSelector(dialogRef, selectIsPortalAliasReadOnly);
  // Inputs take edits only while editing: not while reading, saving or deciding a conflict.
  const disabled = !useSelector(dialogRef, selectIsEditable);
  const edit = (form: Partial<ClientForm>) => {
    dialogRef.send({ type: 'edit', changes: { kind: 'client', form } });
  };
  const problemText = (field: ClientFormField) => {
    const problem = problems[field];
    return failureText(problem === undefined ? undefined : { kind: problem });
  };

  return (
    <Stack gap="4">
      <LabelledField
        label={i18n._(labels.Client_Field_ClientName)}
        value={form.name}
        required
        disabled={disabled}
        message={problemText('name')}
        onChange={(name) => {
          edit({ name });
        }}
      />
      <LabelledField
        kind="select"
        label={i18n._(labels.Client_Field_CmsClientId)}
        value={form.cmsClientId ?? ''}
        disabled={disabled}
        empty={{ label: i18n._(labels.Client_Text_NoCmsSite) }}
        options={sites.map((site) => ({ value: site.id, label: site.name }))}
        onChange={(value) => {
          edit({ cmsClientId: value === '' ? null : value });
        }}
      />
      <LabelledField
        label={i18n._(labels.Client_Field_OktaPrefix)}
        value={form.oktaPrefix}
        required
        disabled={disabled}
        message={problemText('oktaPrefix')}
        onChange={(oktaPrefix) => {
          edit({ oktaPrefix });
        }}
      />
      <LabelledField
        label={i18n._(labels.Client_Field_PortalAlias)}
        value={form.portalAlias}
        required
        readOnly={aliasReadOnly}
        disabled={disabled}
        message={problemText('portalAlias')}
        onChange={(portalAlias) => {
          edit({ portalAlias });
        }}
      />
      <LabelledField
        kind="select"
        label={i18n._(labels.Client_Field_SsoId)}
        value={form.ssoId ?? ''}
        disabled={disabled}
        empty={{ label: i18n._(labels.Client_Text_NoSsoId) }}
        options={ssoChoices.map((entry) => ({ value: entry.id, label: entry.name }))}
        onChange={(value) => {
          edit({ ssoId: value === '' ? null : value });
        }}
      />
      <LabelledField
        kind="select"
        label={i18n._(labels.Client_Field_ScimSignIn)}
        value={form.scimSignIn}
        disabled={disabled}
        options={[
          { value: 'activationMail', label: i18n._(labels.Client_Option_ScimActivationMail) },
          { value: 'immediate', label: i18n._(labels.Client_Option_ScimImmediate) },
        ]}
        onChange={(value) => {
          edit({ scimSignIn: value === 'immediate' ? 'immediate' : 'activationMail' });
        }}
      />
      <LabelledField
        kind="checkbox"
        label={i18n._(labels.Client_Field_AutoSignUp)}
        checked={form.autoSignUp}
        disabled={disabled}
        onChange={(autoSignUp) => {
          edit({ autoSignUp });
        }}
      />
      <LabelledField
        kind="checkbox"
        label={i18n._(labels.Client_Field_RecaptchaFeatureEnabled)}
        checked={form.recaptchaFeatureEnabled}
        disabled={disabled}
        onChange={(recaptchaFeatureEnabled) => {
          edit({ recaptchaFeatureEnabled });
        }}
      />
      <LabelledField
        kind="checkbox"
        label={i18n._(labels.Client_Field_AllowAccountClosing)}
        checked={form.allowAccountClosing}
        disabled={disabled}
        onChange={(allowAccountClosing) => {
          edit({ allowAccountClosing });
        }}
      />
    </Stack>
  );
}
