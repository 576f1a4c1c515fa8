import { Checkbox, Field, NativeSelect, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import type { MessageDescriptor } from '@lingui/core';
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
import { TextField } from './TextField';

const problemLabels: Record<FieldProblem, MessageDescriptor> = {
  required: labels.Global_Text_VMRequired,
  tooLong: labels.Global_Text_VMMaxLength,
  pattern: labels.Global_Text_VMPattern,
  invalid: labels.Global_Text_VMDefault,
};

const sameProblems = (a: Partial<Record<string, FieldProblem>>, b: Partial<Record<string, FieldProblem>>) =>
  JSON.stringify(a) === JSON.stringify(b);

/** The client tab: name, CMS site, Okta prefix, portal alias (read-only once saved) and automatic sign-up. */
export function ClientTab({ dialogRef }: { dialogRef: ActorRefFrom<typeof clientDialogMachine> }) {
  const { i18n } = useLingui();
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
    return problem ? i18n._(problemLabels[problem]) : undefined;
  };

  return (
    <Stack gap="4">
      <TextField
        label={i18n._(labels.Client_Field_ClientName)}
        value={form.name}
        required
        disabled={busy}
        invalidText={problemText('name')}
        onChange={(name) => {
          edit({ type: 'client.edit', changes: { name } });
        }}
      />
      <Field.Root disabled={busy}>
        <Field.Label>{i18n._(labels.Client_Field_CmsClientId)}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            value={form.cmsClientId ?? ''}
            onChange={(event) => {
              const value = event.target.value;
              edit({ type: 'client.edit', changes: { cmsClientId: value === '' ? null : value } });
            }}
          >
            <option value="">{i18n._(labels.Client_Text_NoCmsSite)}</option>
            {sites.map((site) => (
              <option key={site.id} value={site.id}>
                {site.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <TextField
        label={i18n._(labels.Client_Field_OktaPrefix)}
        value={form.oktaPrefix}
        required
        disabled={busy}
        invalidText={problemText('oktaPrefix')}
        onChange={(oktaPrefix) => {
          edit({ type: 'client.edit', changes: { oktaPrefix } });
        }}
      />
      <TextField
        label={i18n._(labels.Client_Field_PortalAlias)}
        value={form.portalAlias}
        required
        readOnly={aliasReadOnly}
        disabled={busy}
        invalidText={problemText('portalAlias')}
        onChange={(portalAlias) => {
          edit({ type: 'client.edit', changes: { portalAlias } });
        }}
      />
      <Checkbox.Root
        checked={form.autoSignUp}
        disabled={busy}
        onCheckedChange={(details) => {
          edit({ type: 'client.edit', changes: { autoSignUp: details.checked === true } });
        }}
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{i18n._(labels.Client_Field_AutoSignUp)}</Checkbox.Label>
      </Checkbox.Root>
    </Stack>
  );
}
