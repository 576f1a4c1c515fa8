import { Button, chakra, Heading, HStack, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { NotificationsRef } from '@machines/admin-grid/failure-notice';
import {
  selectClientId,
  selectClients,
  selectClientsFailed,
  selectInviteDialogRef,
  selectListLoading,
  selectListOpen,
  selectListUnreadable,
  selectChangeableIds,
  selectMayChooseClient,
  selectMayInvite,
  selectMayShow,
  selectNoClient,
  selectPendingId,
  selectRows,
} from '@machines/invitations/invitations.selectors';
import type { Invitation } from '@contracts/invitations';
import { labels } from '@src/i18n/admin-labels';
import { LoadingStatus } from '@src/ui/LoadingStatus';
import { ClientOptions } from '../../shared/ClientOptions';
import { InviteDialog } from './InviteDialog';
import { wireInvitations } from './wiring';

type InvitationsLogic = ReturnType<typeof wireInvitations>;
export type InvitationsRef = ActorRefFrom<InvitationsLogic>;

/**
 * Manage users' invitations (docs/links.md "Invitations"): Invite (the invite dialog), and one client's invitations
 * with their status, Resend and Revoke. A thin view of machines/invitations.
 */
export function InvitationsPanel({
  notifications,
  logic = wireInvitations(),
  after,
}: {
  notifications: NotificationsRef;
  logic?: InvitationsLogic;
  /** What follows the panel and talks to it (the import panel, which tells it of invitations it made). */
  after?: (invitations: InvitationsRef) => ReactNode;
}) {
  const ref = useActorRef(logic, { input: { ports: { notifications } } });
  return (
    <>
      <InvitationsView invitationsRef={ref} />
      {after?.(ref)}
    </>
  );
}

export function InvitationsView({ invitationsRef }: { invitationsRef: InvitationsRef }) {
  const { i18n } = useLingui();
  const clients = useSelector(invitationsRef, selectClients);
  const clientId = useSelector(invitationsRef, selectClientId);
  const mayChoose = useSelector(invitationsRef, selectMayChooseClient);
  const mayInvite = useSelector(invitationsRef, selectMayInvite);
  const mayShow = useSelector(invitationsRef, selectMayShow);
  const listOpen = useSelector(invitationsRef, selectListOpen);
  const noClient = useSelector(invitationsRef, selectNoClient);
  const failed = useSelector(invitationsRef, selectClientsFailed);
  const dialogRef = useSelector(invitationsRef, selectInviteDialogRef);
  return (
    <Stack as="section" aria-labelledby="invitations-title" gap="4" data-testid="invitations">
      <Heading as="h2" size="lg" id="invitations-title">
        {i18n._(labels.Invitation_Text_Title)}
      </Heading>
      <HStack gap="3" align="end" wrap="wrap">
        {mayChoose ? (
          <Stack gap="1" minWidth="64">
            <chakra.label htmlFor="invitations-client" fontWeight="medium">
              {i18n._(labels.Invitation_Field_ListClient)}
            </chakra.label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                id="invitations-client"
                value={clientId ?? ''}
                onChange={(event) =>
                  invitationsRef.send({ type: 'client.select', clientId: event.currentTarget.value })
                }
              >
                <ClientOptions clients={clients} />
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Stack>
        ) : null}
        <Button disabled={!mayInvite} onClick={() => invitationsRef.send({ type: 'invite' })}>
          {i18n._(labels.Invitation_Button_Invite)}
        </Button>
        {listOpen ? (
          <Button variant="outline" onClick={() => invitationsRef.send({ type: 'close' })}>
            {i18n._(labels.Invitation_Button_Hide)}
          </Button>
        ) : (
          <Button variant="outline" disabled={!mayShow} onClick={() => invitationsRef.send({ type: 'show' })}>
            {i18n._(labels.Invitation_Button_Show)}
          </Button>
        )}
      </HStack>
      {noClient ? <Text color="fg.muted">{i18n._(labels.Invitation_Text_NoClient)}</Text> : null}
      {failed ? <Unreadable onRetry={() => invitationsRef.send({ type: 'retry' })} /> : null}
      {listOpen ? <InvitationList invitationsRef={invitationsRef} /> : null}
      {dialogRef ? <InviteDialog dialogRef={dialogRef} /> : null}
    </Stack>
  );
}

/** A read that failed (the clients, or the list): its message and Retry. */
function Unreadable({ onRetry }: { onRetry: () => void }) {
  const { i18n, t } = useLingui();
  return (
    <HStack role="alert">
      <Text>{i18n._(labels.Invitation_Text_LoadFailed)}</Text>
      <Button size="sm" onClick={onRetry}>
        {t({ id: 'Global_Button_Retry', message: 'Retry' })}
      </Button>
    </HStack>
  );
}

function InvitationList({ invitationsRef }: { invitationsRef: InvitationsRef }) {
  const { i18n } = useLingui();
  const rows = useSelector(invitationsRef, selectRows);
  const loading = useSelector(invitationsRef, selectListLoading);
  const unreadable = useSelector(invitationsRef, selectListUnreadable);
  const pendingId = useSelector(invitationsRef, selectPendingId);
  const changeable = useSelector(invitationsRef, selectChangeableIds, shallowEqual);
  if (loading) return <LoadingStatus />;
  if (unreadable) return <Unreadable onRetry={() => invitationsRef.send({ type: 'retry' })} />;
  if (rows.length === 0) return <Text color="fg.muted">{i18n._(labels.Invitation_Text_None)}</Text>;
  const statusText = (row: Invitation) => i18n._(labels[`Invitation_Status_${row.status}`]);
  return (
    <Table.Root size="sm" aria-labelledby="invitations-title">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>{i18n._(labels.Invitation_Field_Email)}</Table.ColumnHeader>
          <Table.ColumnHeader>{i18n._(labels.Invitation_Field_Status)}</Table.ColumnHeader>
          <Table.ColumnHeader>{i18n._(labels.Invitation_Field_Expires)}</Table.ColumnHeader>
          <Table.ColumnHeader />
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map((row) => {
          const mayChange = changeable.includes(row.id);
          return (
            <Table.Row key={row.id} data-testid="invitation-row" data-status={row.status}>
              <Table.Cell>{row.email}</Table.Cell>
              <Table.Cell>{statusText(row)}</Table.Cell>
              <Table.Cell>{i18n.date(row.expiresAt, { dateStyle: 'medium' })}</Table.Cell>
              <Table.Cell>
                {mayChange ? (
                  <HStack gap="2" justify="end">
                    <Button
                      size="xs"
                      variant="outline"
                      loading={pendingId === row.id}
                      aria-label={`${i18n._(labels.Invitation_Button_Resend)} ${row.email}`}
                      onClick={() => invitationsRef.send({ type: 'resend', id: row.id })}
                    >
                      {i18n._(labels.Invitation_Button_Resend)}
                    </Button>
                    <Button
                      size="xs"
                      variant="outline"
                      colorPalette="red"
                      aria-label={`${i18n._(labels.Invitation_Button_Revoke)} ${row.email}`}
                      onClick={() => invitationsRef.send({ type: 'revoke', id: row.id })}
                    >
                      {i18n._(labels.Invitation_Button_Revoke)}
                    </Button>
                  </HStack>
                ) : null}
              </Table.Cell>
            </Table.Row>
          );
        })}
      </Table.Body>
    </Table.Root>
  );
}
