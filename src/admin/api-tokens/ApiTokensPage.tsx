import { Button, Table, Text } from '@chakra-ui/react';
import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import type { ApiToken, ApiTokenOwner } from '@contracts/admin/api-tokens';
import { selectNotificationsRef } from '@machines/app/app.selectors';
import { apiTokensMachine } from '@machines/api-tokens/api-tokens.machine';
import {
  selectDraft,
  selectShownProblems,
  selectHasFailed,
  selectIsCreating,
  selectIsLoading,
  selectIsRevoking,
  selectIsSaving,
  selectMayCreate,
  selectMayRevoke,
  selectMaySubmit,
  selectOwners,
  selectRevokeAsked,
  selectShownValue,
  selectTokens,
} from '@machines/api-tokens/api-tokens.selectors';
import type { NotificationsPort } from '@machines/support/ports';
import { createApiToken, loadApiTokens, revokeApiToken } from '@src/api/admin/api-tokens';
import { AppActor } from '@src/app/AppActor';
import { labels } from '@src/i18n/admin-labels';
import { withValues } from '@src/i18n/with-values';
import { LabelledField } from '@src/ui/form/LabelledField';
import { whenText } from '../logs/log-text';
import { InlineForm } from '../shared/InlineForm';
import { AskFirst, ShownOnce } from '../shared/ResourceAlerts';
import { ResourcePage } from '../shared/ResourcePage';

type ApiTokensRef = ActorRefFrom<typeof apiTokensMachine>;

/** The calls the page makes; tests give controlled ones. */
export interface ApiTokensApi {
  load: typeof loadApiTokens;
  create: typeof createApiToken;
  revoke: typeof revokeApiToken;
}

const realApi: ApiTokensApi = { load: loadApiTokens, create: createApiToken, revoke: revokeApiToken };

/**
 * API tokens (issue 33 item 1; docs/flows/api-tokens.md): the provider administrator's SSWS tokens for the embedded
 * identity provider's management API — the list, a new token (its value shown once), and revoke.
 */
export function ApiTokensPage({ api = realApi }: { api?: ApiTokensApi }) {
  const notifications = AppActor.useSelector(selectNotificationsRef);
  return notifications ? <ApiTokensScreen notifications={notifications} api={api} /> : null;
}

export function ApiTokensScreen({ notifications, api }: { notifications: NotificationsPort; api: ApiTokensApi }) {
  const { i18n } = useLingui();
  const tokens = useActorRef(
    apiTokensMachine.provide({
      actors: {
        loadTokens: fromPromise(({ signal }) => api.load({ signal })),
        createToken: fromPromise(({ input, signal }) => api.create(input, { signal })),
        revokeToken: fromPromise(async ({ input, signal }) => {
          await api.revoke(input.id, { signal });
          return undefined;
        }),
      },
    }),
    { input: { notifications } },
  );
  const loading = useSelector(tokens, selectIsLoading);
  const failed = useSelector(tokens, selectHasFailed);
  const creating = useSelector(tokens, selectIsCreating);
  const mayCreate = useSelector(tokens, selectMayCreate);
  const shownValue = useSelector(tokens, selectShownValue);
  const revokeAsked = useSelector(tokens, selectRevokeAsked);
  return (
    <ResourcePage
      title={i18n._(labels.ApiToken_Text_Title)}
      intro={i18n._(labels.ApiToken_Text_Intro)}
      maxWidth="6xl"
      top={
        <>
          {shownValue === undefined ? null : <ShownValue tokens={tokens} value={shownValue} />}
          {revokeAsked === undefined ? null : <RevokeQuestion tokens={tokens} token={revokeAsked} />}
          {creating ? <NewTokenForm tokens={tokens} /> : null}
        </>
      }
      newLabel={i18n._(labels.ApiToken_Button_New)}
      onNew={
        mayCreate
          ? () => {
              tokens.send({ type: 'create.open' });
            }
          : undefined
      }
      loading={loading}
      loadingText={i18n._(labels.ApiToken_Text_Loading)}
      failedText={failed ? i18n._(labels.ApiToken_Text_LoadFailed) : undefined}
      retryLabel={i18n._(labels.ApiToken_Button_Retry)}
      onRetry={() => {
        tokens.send({ type: 'tokens.retry' });
      }}
      list={<TokenTable tokens={tokens} />}
    />
  );
}

const statusText = (token: ApiToken, i18n: I18n) =>
  i18n._(
    token.status === 'active'
      ? labels.ApiToken_Text_Active
      : token.status === 'expired'
        ? labels.ApiToken_Text_Expired
        : labels.ApiToken_Text_Revoked,
  );

const dateOrNever = (at: string | null, i18n: I18n) =>
  at === null ? i18n._(labels.ApiToken_Text_Never) : whenText(at, i18n);

function TokenTable({ tokens }: { tokens: ApiTokensRef }) {
  const { i18n } = useLingui();
  const rows = useSelector(tokens, selectTokens);
  const snapshot = useSelector(tokens, (s) => s);
  if (rows.length === 0) return <Text>{i18n._(labels.ApiToken_Text_None)}</Text>;
  return (
    <Table.Root size="sm" aria-label={i18n._(labels.ApiToken_Text_Title)}>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>{i18n._(labels.ApiToken_Field_Name)}</Table.ColumnHeader>
          <Table.ColumnHeader>{i18n._(labels.ApiToken_Field_Owner)}</Table.ColumnHeader>
          <Table.ColumnHeader>{i18n._(labels.ApiToken_Field_Created)}</Table.ColumnHeader>
          <Table.ColumnHeader>{i18n._(labels.ApiToken_Field_LastUsed)}</Table.ColumnHeader>
          <Table.ColumnHeader>{i18n._(labels.ApiToken_Field_Expires)}</Table.ColumnHeader>
          <Table.ColumnHeader>{i18n._(labels.ApiToken_Field_Status)}</Table.ColumnHeader>
          <Table.ColumnHeader />
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map((token) => (
          <Table.Row key={token.id} data-token={token.id}>
            <Table.Cell>{token.name}</Table.Cell>
            <Table.Cell>{token.ownerLogin}</Table.Cell>
            <Table.Cell>{whenText(token.createdAt, i18n)}</Table.Cell>
            <Table.Cell>{dateOrNever(token.lastUsedAt, i18n)}</Table.Cell>
            <Table.Cell>{dateOrNever(token.expiresAt, i18n)}</Table.Cell>
            <Table.Cell>{statusText(token, i18n)}</Table.Cell>
            <Table.Cell>
              {selectMayRevoke(snapshot, token.id) ? (
                <Button
                  size="xs"
                  variant="outline"
                  colorPalette="red"
                  aria-label={`${i18n._(labels.ApiToken_Button_Revoke)} ${token.name}`}
                  onClick={() => {
                    tokens.send({ type: 'revoke.ask', id: token.id });
                  }}
                >
                  {i18n._(labels.ApiToken_Button_Revoke)}
                </Button>
              ) : null}
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

const ownerText = (owner: ApiTokenOwner, i18n: I18n) =>
  `${owner.login} (${owner.clientName ?? i18n._(labels.ApiToken_Text_AllClients)})`;

function NewTokenForm({ tokens }: { tokens: ApiTokensRef }) {
  const { i18n } = useLingui();
  const draft = useSelector(tokens, selectDraft);
  const problems = useSelector(tokens, selectShownProblems);
  const owners = useSelector(tokens, selectOwners);
  const saving = useSelector(tokens, selectIsSaving);
  const maySubmit = useSelector(tokens, selectMaySubmit);
  const change = (changes: Partial<typeof draft>) => {
    tokens.send({ type: 'create.change', changes });
  };
  return (
    <InlineForm
      label={i18n._(labels.ApiToken_Button_New)}
      maxWidth="xl"
      onSubmit={() => {
        tokens.send({ type: 'create.submit' });
      }}
      submitLabel={i18n._(labels.ApiToken_Button_Create)}
      cancelLabel={i18n._(labels.ApiToken_Button_Cancel)}
      maySubmit={maySubmit}
      saving={saving}
      onCancel={() => {
        tokens.send({ type: 'create.cancel' });
      }}
    >
      <LabelledField
        label={i18n._(labels.ApiToken_Field_Name)}
        required
        value={draft.name}
        onChange={(name) => {
          change({ name });
        }}
        message={problems.includes('name') ? i18n._(labels.ApiToken_Text_NameRule) : undefined}
      />
      <LabelledField
        kind="select"
        label={i18n._(labels.ApiToken_Field_Owner)}
        required
        value={draft.ownerId}
        onChange={(ownerId) => {
          change({ ownerId });
        }}
        options={owners.map((owner) => ({ value: owner.id, label: ownerText(owner, i18n) }))}
        message={problems.includes('ownerId') ? i18n._(labels.ApiToken_Text_OwnerRule) : undefined}
      />
      <LabelledField
        kind="select"
        label={i18n._(labels.ApiToken_Field_ExpiresIn)}
        value={draft.expiresInDays}
        onChange={(expiresInDays) => {
          change({ expiresInDays });
        }}
        options={[
          { value: '30', label: i18n._(labels.ApiToken_Option_Days30) },
          { value: '90', label: i18n._(labels.ApiToken_Option_Days90) },
          { value: '365', label: i18n._(labels.ApiToken_Option_Days365) },
          { value: '', label: i18n._(labels.ApiToken_Option_Never) },
        ]}
      />
      <LabelledField
        kind="number"
        label={i18n._(labels.ApiToken_Field_RateLimit)}
        required
        value={draft.rateLimitPerMinute}
        onChange={(rateLimitPerMinute) => {
          change({ rateLimitPerMinute });
        }}
        message={problems.includes('rateLimitPerMinute') ? i18n._(labels.ApiToken_Text_RateRule) : undefined}
      />
    </InlineForm>
  );
}

function ShownValue({ tokens, value }: { tokens: ApiTokensRef; value: string }) {
  const { i18n } = useLingui();
  return (
    <ShownOnce
      title={i18n._(labels.ApiToken_Text_ValueTitle)}
      once={i18n._(labels.ApiToken_Text_ValueOnce)}
      value={value}
      testId="api-token-value"
      doneLabel={i18n._(labels.ApiToken_Button_Done)}
      onDone={() => {
        tokens.send({ type: 'value.dismiss' });
      }}
    />
  );
}

function RevokeQuestion({ tokens, token }: { tokens: ApiTokensRef; token: ApiToken }) {
  const { i18n } = useLingui();
  const revoking = useSelector(tokens, selectIsRevoking);
  return (
    <AskFirst
      question={i18n._(withValues(labels.ApiToken_Text_RevokeQuestion, { name: token.name }))}
      confirmLabel={i18n._(labels.ApiToken_Button_ConfirmRevoke)}
      cancelLabel={i18n._(labels.ApiToken_Button_Cancel)}
      busy={revoking}
      onConfirm={() => {
        tokens.send({ type: 'revoke.confirm' });
      }}
      onCancel={() => {
        tokens.send({ type: 'revoke.cancel' });
      }}
    />
  );
}
