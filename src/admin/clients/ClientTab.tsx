import { Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { ClientFormField, FieldProblem } from '@machines/client-dialog/client-draft';
import type { clientDialogMachine } from '@machines/client-dialog/client-dialog.machine';
import {
  selectFieldProblems,
  selectForm,
  selectIsBusy,
  selectIsPortalAliasReadOnly,
  selectSites,
} from '@machines/client-dialog/client-dialog.selectors';
import { labels } from '../../i18n/labels';
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
  const aliasReadOnly = useSelector(dialogRef, selectIsPortalAliasReadOnly);
  const busy = useSelector(dialogRef, selectIsBusy);
  const edit = (changes: Parameters<typeof dialogRef.send>[0] & { type: 'client.edit' }) => {
    dialogRef.send(changes);
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
        disabled={busy}
        message={problemText('name')}
        onChange={(name) => {
          edit({ type: 'client.edit', changes: { name } });
        }}
      />
      <LabelledField
        kind="select"
        label={i18n._(labels.Client_Field_CmsClientId)}
        value={form.cmsClientId ?? ''}
        disabled={busy}
        empty={{ label: i18n._(labels.Client_Text_NoCmsSite) }}
        options={sites.map((site) => ({ value: site.id, label: site.name }))}
        onChange={(value) => {
          edit({ type: 'client.edit', changes: { cmsClientId: value === '' ? null : value } });
        }}
      />
      <LabelledField
        label={i18n._(labels.Client_Field_OktaPrefix)}
        value={form.oktaPrefix}
        required
        disabled={busy}
        message={problemText('oktaPrefix')}
        onChange={(oktaPrefix) => {
          edit({ type: 'client.edit', changes: { oktaPrefix } });
        }}
      />
      <LabelledField
        label={i18n._(labels.Client_Field_PortalAlias)}
        value={form.portalAlias}
        required
        readOnly={aliasReadOnly}
        disabled={busy}
        message={problemText('portalAlias')}
        onChange={(portalAlias) => {
          edit({ type: 'client.edit', changes: { portalAlias } });
        }}
      />
      <LabelledField
        kind="checkbox"
        label={i18n._(labels.Client_Field_AutoSignUp)}
        checked={form.autoSignUp}
        disabled={busy}
        onChange={(autoSignUp) => {
          edit({ type: 'client.edit', changes: { autoSignUp } });
        }}
      />
    </Stack>
  );
}
