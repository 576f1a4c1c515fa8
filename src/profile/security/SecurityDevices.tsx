import { Button, Heading, HStack, List, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { securityDevicesMachine } from '@machines/security-devices/security-devices.machine';
import { selectDevicesView, type SessionRow } from '@machines/security-devices/security-devices.selectors';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { LoadingStatus } from '../../ui/LoadingStatus';
import { ErrorSummary } from '../../ui/form/ErrorSummary';

export type SecurityDevicesRef = ActorRefFrom<typeof securityDevicesMachine>;

/**
 * "Where you're signed in" and "Passkeys" on Edit Profile's Security step (issue 31 items 2 and 3): the person's
 * sessions, this device's marked, with "Sign out this one" on each other one and "Sign out everywhere else", and their
 * passkeys with Remove (after a confirmation) and "Add a passkey". What shows and what may be done is the machine's
 * (machines/security-devices); this renders it, and tells the machine when it comes on screen.
 */
export function SecurityDevices({ devicesRef }: { devicesRef: SecurityDevicesRef }) {
  const { i18n, t } = useLingui();
  const view = useSelector(devicesRef, selectDevicesView);
  useEffect(() => {
    devicesRef.send({ type: 'shown' });
  }, [devicesRef]);
  const when = (at: string | null) =>
    at === null
      ? t({ id: 'Security_Text_Unknown', message: 'unknown' })
      : i18n.date(at, { dateStyle: 'medium', timeStyle: 'short' });
  const deviceName = (row: SessionRow) => {
    const browser = row.browser ?? t({ id: 'Security_Text_UnknownBrowser', message: 'A browser' });
    return row.system === undefined
      ? browser
      : t({ id: 'Security_Text_BrowserOnSystem', message: `${browser} on ${row.system}` });
  };
  // Several passkeys read apart by what they are (the identity provider names each when it is added).
  const passkeyName = (name: string | null) =>
    name === 'thisDevice'
      ? t({ id: 'Security_Text_PasskeyThisDevice', message: 'This device (fingerprint, face or PIN)' })
      : name === 'phone'
        ? t({ id: 'Security_Text_PasskeyPhone', message: 'Phone or tablet' })
        : name === 'securityKey'
          ? t({ id: 'Security_Text_PasskeySecurityKey', message: 'Security key' })
          : t({ id: 'Security_Text_Passkey', message: 'Security key or biometric' });
  const addLabel = t({ id: 'Security_Button_AddPasskey', message: 'Add a passkey' });
  const confirmingAdded = when(view.confirming?.created ?? null);
  const failureText =
    view.failure === 'signOut'
      ? t({
          id: 'Security_Text_SignOutFailed',
          message: 'That session could not be signed out. The list shows what is signed in now.',
        })
      : view.failure === 'remove'
        ? t({
            id: 'Security_Text_RemoveFailed',
            message: 'That passkey could not be removed. The list shows your passkeys now.',
          })
        : view.failure === 'add'
          ? t({
              id: 'Security_Text_AddFailed',
              message: 'The passkey could not be added. The list shows your passkeys now.',
            })
          : undefined;
  return (
    <Stack gap="6" data-testid="security-devices" aria-busy={view.busy}>
      <Stack gap="3" as="section" aria-labelledby="security-sessions-title">
        <Heading as="h3" size="md" id="security-sessions-title">
          {t({ id: 'Security_Text_SessionsTitle', message: 'Where you’re signed in' })}
        </Heading>
        <ErrorSummary message={failureText} />
        {view.status === 'loading' ? <LoadingStatus /> : null}
        {view.status === 'failed' ? (
          <HStack gap="3" role="alert">
            <Text>
              {t({ id: 'Security_Text_LoadFailed', message: 'Your sessions and passkeys could not be read.' })}
            </Text>
            <Button
              size="sm"
              variant="outline"
              onClick={() => {
                devicesRef.send({ type: 'retry' });
              }}
            >
              {t({ id: 'Security_Button_Retry', message: 'Try again' })}
            </Button>
          </HStack>
        ) : null}
        {view.status === 'ready' ? (
          <>
            <List.Root
              variant="plain"
              gap="3"
              aria-label={t({ id: 'Security_Text_SessionsList', message: 'Your sessions' })}
            >
              {view.sessions.map((row) => (
                <DeviceRow
                  key={row.id}
                  testId="session-row"
                  name={deviceName(row)}
                  badge={row.current ? t({ id: 'Security_Text_ThisDevice', message: 'This device' }) : undefined}
                  detail={`${t({
                    id: 'Security_Text_SessionSeen',
                    message: `Signed in ${when(row.createdAt)} · last seen ${when(row.lastSeenAt)}`,
                  })}${
                    row.ipAddress === null
                      ? ''
                      : ` · ${t({ id: 'Security_Text_SessionAddress', message: `from ${row.ipAddress}` })}`
                  }`}
                  action={
                    row.canSignOut ? (
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={view.busy}
                        onClick={() => {
                          devicesRef.send({ type: 'signOutOne', id: row.id });
                        }}
                      >
                        {t({ id: 'Security_Button_SignOutOne', message: 'Sign out this one' })}
                      </Button>
                    ) : null
                  }
                />
              ))}
            </List.Root>
            {view.canSignOutOthers ? (
              <Button
                alignSelf="start"
                variant="outline"
                colorPalette="red"
                disabled={view.busy}
                onClick={() => {
                  devicesRef.send({ type: 'signOutOthers' });
                }}
              >
                {t({ id: 'Security_Button_SignOutOthers', message: 'Sign out everywhere else' })}
              </Button>
            ) : null}
          </>
        ) : null}
      </Stack>
      {view.status === 'ready' ? (
        <Stack gap="3" as="section" aria-labelledby="security-passkeys-title">
          <Heading as="h3" size="md" id="security-passkeys-title">
            {t({ id: 'Security_Text_PasskeysTitle', message: 'Passkeys' })}
          </Heading>
          {view.passkeys.length === 0 ? (
            <Text>{t({ id: 'Security_Text_NoPasskeys', message: 'You have no passkey.' })}</Text>
          ) : (
            <List.Root
              variant="plain"
              gap="3"
              aria-label={t({ id: 'Security_Text_PasskeysList', message: 'Your passkeys' })}
            >
              {view.passkeys.map((passkey) => (
                <DeviceRow
                  key={passkey.id}
                  testId="passkey-row"
                  name={passkeyName(passkey.name)}
                  detail={
                    passkey.lastUsed === null
                      ? t({
                          id: 'Security_Text_PasskeyNotUsed',
                          message: `Added ${when(passkey.created)} · not used to sign in yet`,
                        })
                      : t({
                          id: 'Security_Text_PasskeyDates',
                          message: `Added ${when(passkey.created)} · last used ${when(passkey.lastUsed)}`,
                        })
                  }
                  action={
                    <Button
                      size="sm"
                      variant="outline"
                      colorPalette="red"
                      disabled={view.busy}
                      onClick={() => {
                        devicesRef.send({ type: 'removePasskey', id: passkey.id });
                      }}
                    >
                      {t({ id: 'Security_Button_RemovePasskey', message: 'Remove' })}
                    </Button>
                  }
                />
              ))}
            </List.Root>
          )}
          {view.addCancelled ? (
            <Text role="status" fontSize="sm" color="fg.muted">
              {t({ id: 'Security_Text_AddCancelled', message: 'No passkey was added.' })}
            </Text>
          ) : null}
          {view.canAddPasskey ? (
            <Button
              alignSelf="start"
              variant="outline"
              disabled={view.busy}
              loading={view.addingPasskey}
              loadingText={addLabel}
              onClick={() => {
                devicesRef.send({ type: 'addPasskey' });
              }}
            >
              {addLabel}
            </Button>
          ) : null}
        </Stack>
      ) : null}
      <ConfirmDialog
        open={view.confirming !== undefined}
        title={t({
          id: 'Security_Text_RemovePasskeyQuestion',
          message: `Remove the passkey added ${confirmingAdded}? You can no longer sign in with it.`,
        })}
        confirmLabel={t({ id: 'Security_Button_ConfirmRemovePasskey', message: 'Remove passkey' })}
        onYes={() => {
          devicesRef.send({ type: 'confirmRemoval' });
        }}
        onNo={() => {
          devicesRef.send({ type: 'cancelRemoval' });
        }}
      />
    </Stack>
  );
}

/** One session or passkey: its name (and a badge), a line of dates, and the one thing that may be done to it. */
function DeviceRow({
  testId,
  name,
  badge,
  detail,
  action,
}: {
  testId: string;
  name: string;
  badge?: string | undefined;
  detail: string;
  action: ReactNode;
}) {
  return (
    <List.Item data-testid={testId}>
      <HStack justify="space-between" width="full" gap="3" wrap="wrap">
        <Stack gap="0">
          <HStack gap="2">
            <Text fontWeight="semibold">{name}</Text>
            {badge === undefined ? null : (
              <Text as="span" fontSize="sm" fontWeight="medium" color="green.fg">
                {badge}
              </Text>
            )}
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            {detail}
          </Text>
        </Stack>
        {action}
      </HStack>
    </List.Item>
  );
}
