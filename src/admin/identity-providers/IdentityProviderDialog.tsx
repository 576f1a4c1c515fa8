import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { federatedProfileFields } from '@contracts/admin/identity-providers';
import type { IdentityProviderField } from '@machines/identity-provider-dialog/identity-provider-draft';
import type { identityProviderDialogMachine } from '@machines/identity-provider-dialog/identity-provider-dialog.machine';
import {
  selectCanAddClaim,
  selectCanClose,
  selectCanSave,
  selectClaimRowProblems,
  selectClients,
  selectConflict,
  selectDraft,
  selectFieldProblems,
  selectFields,
  selectHasSecret,
  selectIsBusy,
  selectIsStale,
  selectKindReadOnly,
  selectMode,
  selectRecord,
} from '@machines/identity-provider-dialog/identity-provider-dialog.selectors';
import { labels } from '@src/i18n/admin-labels';
import { withValues } from '@src/i18n/with-values';
import { ConflictChoice } from '@src/ui/form/ConflictChoice';
import { ErrorSummary } from '../../ui/form/ErrorSummary';
import { FormDialog } from '../../ui/form/FormDialog';
import { LabelledField, type FieldOption } from '../../ui/form/LabelledField';
import { useFailureText } from '../../ui/form/use-failure-text';
import { useText } from '../../ui/use-text';

type DialogRef = ActorRefFrom<typeof identityProviderDialogMachine>;

/** The problems change only when an input's verdict does: compare them by content, not by identity. */
const sameProblems = (a: Partial<Record<string, string>>, b: Partial<Record<string, string>>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([key, kind]) => b[key] === kind);
const sameRows = (a: readonly number[], b: readonly number[]) => a.join() === b.join();

/**
 * The identity-provider dialog (issue 31 item 1): create (OpenID Connect or SAML) without a row, update with one. The
 * machine decides which inputs show, which show a problem, and whether Save is possible. The secret and the metadata
 * XML are write-only: an update shows that a secret is set, never the secret.
 */
export function IdentityProviderDialog({ dialogRef }: { dialogRef: DialogRef }) {
  const { i18n } = useLingui();
  const text = useText();
  const mode = useSelector(dialogRef, selectMode);
  const canSave = useSelector(dialogRef, selectCanSave);
  const busy = useSelector(dialogRef, selectIsBusy);
  const conflict = useSelector(dialogRef, selectConflict);
  const canClose = useSelector(dialogRef, selectCanClose);
  const stale = useSelector(dialogRef, selectIsStale);
  return (
    <FormDialog
      submits
      title={i18n._(
        mode === 'create' ? labels.IdentityProvider_Text_CreateTitle : labels.IdentityProvider_Text_UpdateTitle,
      )}
      cancelText={i18n._(labels.IdentityProvider_Button_Cancel)}
      saveText={i18n._(labels.IdentityProvider_Button_Save)}
      saveColorPalette="brand"
      saving={busy}
      canSave={canSave}
      cancelDisabled={!canClose}
      onCancel={() => {
        dialogRef.send({ type: 'cancel' });
      }}
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
        <ProviderInputs dialogRef={dialogRef} />
        <ServiceProviderValues dialogRef={dialogRef} />
        <ClaimRows dialogRef={dialogRef} />
      </Stack>
    </FormDialog>
  );
}

function ProviderInputs({ dialogRef }: { dialogRef: DialogRef }) {
  const { i18n } = useLingui();
  const draft = useSelector(dialogRef, selectDraft);
  const fields = useSelector(dialogRef, selectFields, (a, b) => a.join() === b.join());
  const problems = useSelector(dialogRef, selectFieldProblems, sameProblems);
  const kindReadOnly = useSelector(dialogRef, selectKindReadOnly);
  const hasSecret = useSelector(dialogRef, selectHasSecret);
  const record = useSelector(dialogRef, selectRecord);
  const clients = useSelector(dialogRef, selectClients);
  const failureText = useFailureText({ invalid: labels.Global_Text_VMGlobal });
  const change = (field: IdentityProviderField) => (value: string) => {
    dialogRef.send({ type: 'edit', changes: { field, value } });
  };
  const problemText = (field: IdentityProviderField) => {
    const kind = problems[field];
    return kind === undefined ? undefined : failureText({ kind });
  };
  const textInput = (field: IdentityProviderField, title: string, required: boolean, hint?: string) => (
    <LabelledField
      key={field}
      label={title}
      required={required}
      value={draft[field]}
      hint={hint}
      message={problemText(field)}
      onChange={change(field)}
    />
  );
  // A client the list does not hold (a failed read) still shows, so a save does not silently drop it.
  const clientOptions: FieldOption[] = clients.map((client) => ({ value: client.id, label: client.name }));
  if (draft.clientIdServed !== '' && !clients.some((client) => client.id === draft.clientIdServed))
    clientOptions.unshift({ value: draft.clientIdServed, label: record?.clientNameServed ?? draft.clientIdServed });
  const inputs: Record<IdentityProviderField, () => ReactNode> = {
    kind: () => (
      <LabelledField
        key="kind"
        kind="select"
        label={i18n._(labels.IdentityProvider_Field_Kind)}
        required
        readOnly={kindReadOnly}
        disabled={kindReadOnly}
        value={draft.kind}
        options={[
          { value: 'oidc', label: i18n._(labels.IdentityProvider_Option_Oidc) },
          { value: 'saml', label: i18n._(labels.IdentityProvider_Option_Saml) },
        ]}
        onChange={change('kind')}
      />
    ),
    name: () => textInput('name', i18n._(labels.IdentityProvider_Field_Name), true),
    issuer: () => textInput('issuer', i18n._(labels.IdentityProvider_Field_Issuer), true),
    clientId: () => textInput('clientId', i18n._(labels.IdentityProvider_Field_ClientId), true),
    clientSecret: () => (
      <LabelledField
        key="clientSecret"
        label={i18n._(labels.IdentityProvider_Field_ClientSecret)}
        type="password"
        autoComplete="new-password"
        required={!hasSecret}
        value={draft.clientSecret}
        hint={hasSecret ? i18n._(labels.IdentityProvider_Text_SecretSet) : undefined}
        message={problemText('clientSecret')}
        onChange={change('clientSecret')}
      />
    ),
    scopes: () => textInput('scopes', i18n._(labels.IdentityProvider_Field_Scopes), false),
    metadataSource: () => (
      <LabelledField
        key="metadataSource"
        kind="radio"
        label={i18n._(labels.IdentityProvider_Field_MetadataSource)}
        value={draft.metadataSource}
        options={[
          { value: 'url', label: i18n._(labels.IdentityProvider_Option_MetadataUrl) },
          { value: 'xml', label: i18n._(labels.IdentityProvider_Option_MetadataXml) },
        ]}
        onChange={change('metadataSource')}
      />
    ),
    metadataUrl: () => textInput('metadataUrl', i18n._(labels.IdentityProvider_Field_MetadataUrl), true),
    metadataXml: () => (
      <LabelledField
        key="metadataXml"
        kind="textarea"
        label={i18n._(labels.IdentityProvider_Field_MetadataXml)}
        required={record === undefined}
        value={draft.metadataXml}
        hint={record === undefined ? undefined : i18n._(labels.IdentityProvider_Text_MetadataKept)}
        message={problemText('metadataXml')}
        onChange={change('metadataXml')}
      />
    ),
    clientIdServed: () => (
      <LabelledField
        key="clientIdServed"
        kind="select"
        label={i18n._(labels.IdentityProvider_Field_ClientServed)}
        value={draft.clientIdServed}
        empty={{ label: i18n._(labels.IdentityProvider_Text_NoClient) }}
        options={clientOptions}
        message={problemText('clientIdServed')}
        onChange={change('clientIdServed')}
      />
    ),
  };
  return <>{fields.map((field) => inputs[field]())}</>;
}

/** A read-only value with a button that copies it (the values the upstream SAML provider needs). */
function CopyableValue({ title, value }: { title: string; value: string }) {
  const { i18n } = useLingui();
  return (
    <LabelledField
      label={title}
      readOnly
      value={value}
      onChange={() => undefined}
      endElement={
        <Button
          size="xs"
          variant="ghost"
          aria-label={i18n._(withValues(labels.IdentityProvider_Button_Copy, { what: title }))}
          onClick={() => {
            void navigator.clipboard?.writeText(value);
          }}
        >
          ⧉
        </Button>
      }
    />
  );
}

/** SAML, on update: the upstream's values read from its metadata, and ours to give it (read-only, with copy). */
function ServiceProviderValues({ dialogRef }: { dialogRef: DialogRef }) {
  const { i18n } = useLingui();
  const record = useSelector(dialogRef, selectRecord);
  if (record?.kind !== 'saml') return null;
  return (
    <Stack gap="3" data-testid="saml-values">
      <CopyableValue title={i18n._(labels.IdentityProvider_Field_EntityId)} value={record.entityId} />
      <CopyableValue title={i18n._(labels.IdentityProvider_Field_SsoUrl)} value={record.ssoUrl} />
      <Text>{i18n._(labels.IdentityProvider_Text_SpValues)}</Text>
      <CopyableValue title={i18n._(labels.IdentityProvider_Field_SpEntityId)} value={record.spEntityId} />
      <CopyableValue title={i18n._(labels.IdentityProvider_Field_AcsUrl)} value={record.acsUrl} />
      <CopyableValue title={i18n._(labels.IdentityProvider_Field_SpMetadataUrl)} value={record.spMetadataUrl} />
    </Stack>
  );
}

const fieldLabel = {
  FirstName: labels.IdentityProvider_Option_FirstName,
  LastName: labels.IdentityProvider_Option_LastName,
  Culture: labels.IdentityProvider_Option_Culture,
};

/** The claim mapping as rows: an upstream claim (SAML: attribute) and the profile field it fills. */
function ClaimRows({ dialogRef }: { dialogRef: DialogRef }) {
  const { i18n } = useLingui();
  const claims = useSelector(dialogRef, (s) => selectDraft(s).claims);
  const refused = useSelector(dialogRef, selectClaimRowProblems, sameRows);
  const canAdd = useSelector(dialogRef, selectCanAddClaim);
  const problemText = i18n._(labels.IdentityProvider_Text_ClaimProblem);
  return (
    <Stack gap="2" as="fieldset">
      <Heading as="legend" size="sm">
        {i18n._(labels.IdentityProvider_Text_ClaimMapping)}
      </Heading>
      {claims.map((row, i) => {
        const values = { row: String(i + 1) };
        return (
          <HStack key={i} align="end" data-testid="claim-row">
            <LabelledField
              label={i18n._(withValues(labels.IdentityProvider_Field_Claim, values))}
              value={row.claim}
              message={refused.includes(i) ? problemText : undefined}
              onChange={(value) => {
                dialogRef.send({ type: 'edit', changes: { row: i, part: 'claim', value } });
              }}
            />
            <LabelledField
              kind="select"
              label={i18n._(withValues(labels.IdentityProvider_Field_ProfileField, values))}
              value={row.field}
              empty={{ label: i18n._(labels.Global_Text_Select) }}
              options={federatedProfileFields.map((field) => ({ value: field, label: i18n._(fieldLabel[field]) }))}
              onChange={(value) => {
                dialogRef.send({ type: 'edit', changes: { row: i, part: 'field', value } });
              }}
            />
            <Button
              size="sm"
              variant="outline"
              aria-label={i18n._(withValues(labels.IdentityProvider_Button_RemoveClaim, values))}
              onClick={() => {
                dialogRef.send({ type: 'edit', changes: { claims: 'remove', row: i } });
              }}
            >
              ✕
            </Button>
          </HStack>
        );
      })}
      <HStack>
        <Button
          size="sm"
          variant="outline"
          disabled={!canAdd}
          onClick={() => {
            dialogRef.send({ type: 'edit', changes: { claims: 'add' } });
          }}
        >
          {i18n._(labels.IdentityProvider_Button_AddClaim)}
        </Button>
      </HStack>
    </Stack>
  );
}
