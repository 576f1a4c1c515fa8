import { Button, chakra, Field, Heading, HStack, NativeSelect, Stack, Table, Text, Textarea } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  selectDecision,
  selectHasFailed,
  selectIsLoading,
  selectMayDecide,
  selectRequests,
  selectWasStale,
} from '@machines/access-requests/access-requests.selectors';
import type { NotificationsRef } from '@machines/admin-grid/failure-notice';
import { ACCESS_REQUEST_REASON_MAX } from '@contracts/access-requests';
import { LoadingStatus } from '@src/ui/LoadingStatus';
import { wireAccessRequests } from './wiring';

type AccessRequestsLogic = ReturnType<typeof wireAccessRequests>;
type AccessRequestsRef = ActorRefFrom<AccessRequestsLogic>;

/**
 * Manage users' access requests (issue 34 item 4, docs/flows/access-requests.md): the open requests of the clients
 * the administrator reaches, each with Approve (a role among the application's) and Decline (a reason). A thin view
 * of machines/access-requests.
 */
export function AccessRequestsPanel({
  notifications,
  logic = wireAccessRequests(),
}: {
  notifications: NotificationsRef;
  logic?: AccessRequestsLogic;
}) {
  const ref = useActorRef(logic, { input: { ports: { notifications } } });
  return <AccessRequestsView requestsRef={ref} />;
}

export function AccessRequestsView({ requestsRef }: { requestsRef: AccessRequestsRef }) {
  const { i18n, t } = useLingui();
  const requests = useSelector(requestsRef, selectRequests);
  const loading = useSelector(requestsRef, selectIsLoading);
  const failed = useSelector(requestsRef, selectHasFailed);
  const stale = useSelector(requestsRef, selectWasStale);
  const mayDecide = useSelector(requestsRef, selectMayDecide);
  return (
    <Stack as="section" aria-labelledby="access-requests-title" gap="4" data-testid="access-requests">
      <Heading as="h2" size="lg" id="access-requests-title">
        {t({ id: 'AccessRequest_Text_Title', message: 'Access requests' })}
      </Heading>
      {loading ? <LoadingStatus /> : null}
      {stale ? (
        <Text role="status" color="fg.warning">
          {t({
            id: 'AccessRequest_Text_Stale',
            message: 'Someone else decided this request first. The list shows what is still waiting.',
          })}
        </Text>
      ) : null}
      {failed ? (
        <HStack>
          <Text color="fg.error" role="alert">
            {t({ id: 'AccessRequest_Text_LoadFailed', message: 'The access requests could not be loaded.' })}
          </Text>
          <Button size="sm" onClick={() => requestsRef.send({ type: 'retry' })}>
            {t({ id: 'AccessRequest_Button_Retry', message: 'Try again' })}
          </Button>
        </HStack>
      ) : !loading && requests.length === 0 ? (
        <Text color="fg.muted">{t({ id: 'AccessRequest_Text_None', message: 'No request is waiting.' })}</Text>
      ) : requests.length > 0 ? (
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t({ id: 'AccessRequest_Column_Person', message: 'Person' })}</Table.ColumnHeader>
              <Table.ColumnHeader>
                {t({ id: 'AccessRequest_Column_Application', message: 'Application' })}
              </Table.ColumnHeader>
              <Table.ColumnHeader>{t({ id: 'AccessRequest_Column_Reason', message: 'Reason' })}</Table.ColumnHeader>
              <Table.ColumnHeader>{t({ id: 'AccessRequest_Column_Asked', message: 'Asked' })}</Table.ColumnHeader>
              <Table.ColumnHeader />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {requests.map((request) => (
              <Table.Row key={request.id} data-request={request.email}>
                <Table.Cell>
                  {request.personName} <chakra.span color="fg.muted">({request.email})</chakra.span>
                </Table.Cell>
                <Table.Cell>
                  {request.applicationName} <chakra.span color="fg.muted">({request.clientName})</chakra.span>
                </Table.Cell>
                <Table.Cell>{request.reason}</Table.Cell>
                <Table.Cell>{i18n.date(request.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}</Table.Cell>
                <Table.Cell>
                  <HStack gap="2">
                    <Button
                      size="xs"
                      disabled={!mayDecide}
                      aria-label={t({
                        id: 'AccessRequest_Button_ApproveFor',
                        message: `Approve ${request.applicationName} for ${request.email}`,
                      })}
                      onClick={() => requestsRef.send({ type: 'request.approve', id: request.id })}
                    >
                      {t({ id: 'AccessRequest_Button_Approve', message: 'Approve' })}
                    </Button>
                    <Button
                      size="xs"
                      variant="outline"
                      disabled={!mayDecide}
                      aria-label={t({
                        id: 'AccessRequest_Button_DeclineFor',
                        message: `Decline ${request.applicationName} for ${request.email}`,
                      })}
                      onClick={() => requestsRef.send({ type: 'request.decline', id: request.id })}
                    >
                      {t({ id: 'AccessRequest_Button_Decline', message: 'Decline' })}
                    </Button>
                  </HStack>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      ) : null}
      <DecisionForm requestsRef={requestsRef} />
    </Stack>
  );
}

/** Approve (the role to give) or Decline (the reason), for the request chosen. */
function DecisionForm({ requestsRef }: { requestsRef: AccessRequestsRef }) {
  const { t } = useLingui();
  const decision = useSelector(requestsRef, selectDecision);
  if (decision === undefined) return null;
  const { request } = decision;
  const title =
    decision.kind === 'approve'
      ? t({
          id: 'AccessRequest_Text_ApproveTitle',
          message: `Approve ${request.applicationName} for ${request.personName}`,
        })
      : t({
          id: 'AccessRequest_Text_DeclineTitle',
          message: `Decline ${request.applicationName} for ${request.personName}`,
        });
  return (
    <Stack
      as="form"
      aria-label={title}
      gap="3"
      borderWidth="1px"
      borderRadius="md"
      padding="4"
      onSubmit={(event) => {
        event.preventDefault();
        requestsRef.send({ type: 'decision.send' });
      }}
    >
      <Heading as="h3" size="md">
        {title}
      </Heading>
      {decision.kind === 'approve' ? (
        <Field.Root required>
          <Field.Label>{t({ id: 'AccessRequest_Field_Role', message: 'Role' })}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              value={decision.roleValue}
              onChange={(event) => requestsRef.send({ type: 'decision.role', roleValue: event.target.value })}
            >
              {decision.roles.length === 0 ? <option value="" /> : null}
              {decision.roles.map((role) => (
                <option key={role.key} value={role.key}>
                  {role.caption}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      ) : (
        <Field.Root>
          <Field.Label>{t({ id: 'AccessRequest_Field_Reason', message: 'Reason (sent to the person)' })}</Field.Label>
          <Textarea
            value={decision.reason}
            maxLength={ACCESS_REQUEST_REASON_MAX}
            onChange={(event) => requestsRef.send({ type: 'decision.reason', reason: event.target.value })}
          />
        </Field.Root>
      )}
      <HStack gap="3">
        <Button type="submit" colorPalette="brand" loading={decision.sending} disabled={!decision.maySend}>
          {decision.kind === 'approve'
            ? t({ id: 'AccessRequest_Button_ConfirmApprove', message: 'Approve' })
            : t({ id: 'AccessRequest_Button_ConfirmDecline', message: 'Decline' })}
        </Button>
        <Button
          variant="ghost"
          disabled={decision.sending}
          onClick={() => requestsRef.send({ type: 'decision.cancel' })}
        >
          {t({ id: 'AccessRequest_Button_Cancel', message: 'Cancel' })}
        </Button>
      </HStack>
    </Stack>
  );
}
