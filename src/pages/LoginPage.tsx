import { Box, Heading, Image, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import type { MessageDescriptor, Messages } from '@lingui/core';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { selectClientId, selectLoginRef, selectResourcesRef, selectSessionRef } from '@machines/app/app.selectors';
import type { loginMachine } from '@machines/login/login.machine';
import {
  selectAttemptsLeft,
  selectHasFailed,
  selectIsBusy,
  selectIsRecoveryMode,
  selectShowsWidget,
} from '@machines/login/login.selectors';
import type { resourcesMachine } from '@machines/resources/resources.machine';
import type { SignOutReason, sessionMachine } from '@machines/session/session.machine';
import { selectSignOutReason } from '@machines/session/session.selectors';
import { Link as RouterLink } from 'wouter';
import { loginLogoUrl } from '../api/resources';
import { AppActor } from '../app/AppActor';
import { paths } from '../app/routes';
import { WIDGET_ELEMENT_ID } from '../auth/widget-options';
import { normaliseCulture } from '@contracts/culture';
import { loadBuiltInCatalogue } from '../i18n/catalogues';
import { labels } from '../i18n/labels';

/**
 * The login page, also the SSO screen (public-and-profile §2): the client's logo, the title, the client's
 * login-required message, the reason the last session ended (shown once), the recovery-mode text, the failed-login
 * message and the attempt counter, and the element the Sign-In Widget renders into while the login flow shows it.
 */
export function LoginPage() {
  const { i18n, t } = useLingui();
  const clientId = AppActor.useSelector(selectClientId);
  const sessionRef = AppActor.useSelector(selectSessionRef);
  const loginRef = AppActor.useSelector(selectLoginRef);
  const resourcesRef = AppActor.useSelector(selectResourcesRef);
  return (
    <Stack gap="6" align="center" textAlign="center">
      <Image
        src={loginLogoUrl(clientId)}
        alt={t({ id: 'Shell_Text_ClientLogo', message: 'Client logo' })}
        maxHeight="20"
      />
      <Heading as="h1" size="2xl">
        {i18n._(labels.Login_Text_Title)}
      </Heading>
      <ConfiguredText label={labels.Login_Text_LoginRequired} />
      {sessionRef ? <SignOutNotice sessionRef={sessionRef} /> : null}
      {loginRef && resourcesRef ? <LoginFlowView loginRef={loginRef} resourcesRef={resourcesRef} /> : null}
      <Link asChild color="brand">
        <RouterLink href={paths.faq({ clientId })}>{i18n._(labels.Login_Link_Faq)}</RouterLink>
      </Link>
    </Stack>
  );
}

/** Spec §9 ShowLoginAttemptCounter (default true): a client may hide the counter. */
const selectShowsAttemptCounter = (s: { context: { settings: Record<string, string> } }) =>
  (s.context.settings.ShowLoginAttemptCounter ?? 'true').trim().toLowerCase() === 'true';

function LoginFlowView({
  loginRef,
  resourcesRef,
}: {
  loginRef: ActorRefFrom<typeof loginMachine>;
  resourcesRef: ActorRefFrom<typeof resourcesMachine>;
}) {
  const { i18n } = useLinguiRuntime();
  const showsWidget = useSelector(loginRef, selectShowsWidget);
  const busy = useSelector(loginRef, selectIsBusy);
  const failed = useSelector(loginRef, selectHasFailed);
  const attemptsLeft = useSelector(loginRef, selectAttemptsLeft);
  const recoveryMode = useSelector(loginRef, selectIsRecoveryMode);
  const showsCounter = useSelector(resourcesRef, selectShowsAttemptCounter);
  return (
    <>
      {recoveryMode ? <Text>{i18n._(labels.Login_Text_RecoveryMode)}</Text> : null}
      {failed ? <ConfiguredText label={labels.Login_Text_ClientErrorMessage} color="red.600" role="alert" /> : null}
      {showsCounter && attemptsLeft !== undefined ? (
        <Text color={attemptsLeft === 0 ? 'red.600' : undefined} data-testid="login-attempts">
          {attemptsLeft === 0 ? i18n._(labels.Login_Text_AttemptsExceeded) : i18n._(attemptsText(attemptsLeft))}
        </Text>
      ) : null}
      {busy ? <Spinner size="lg" color="brand" aria-label={i18n._(labels.Global_Text_Loading)} /> : null}
      {showsWidget ? <Box id={WIDGET_ELEMENT_ID} data-testid="okta-widget-container" width="full" /> : null}
    </>
  );
}

function SignOutNotice({ sessionRef }: { sessionRef: ActorRefFrom<typeof sessionMachine> }) {
  const reason = useSelector(sessionRef, selectSignOutReason);
  const { i18n } = useLinguiRuntime();
  if (!reason) return null;
  return (
    <Text color="red.600" role="alert">
      {i18n._(noticeOf(reason))}
    </Text>
  );
}

const attemptsText = (count: number) => ({ ...labels.Login_Text_AttemptsRemaining, values: { count } });

const noticeOf = (reason: SignOutReason) =>
  reason.code === 'application_not_found'
    ? { ...labels.Login_Text_ApplicationError, values: { applicationName: reason.applicationName } }
    : { ...labels.Login_Text_ClientError, values: { clientId: reason.clientId } };

/**
 * Spec §2 and §8: the login-required and failed-login messages show only when their label "has been translated",
 * i.e. when the client configured it, so that the resources answer put a text of its own over the built-in one
 * (docs/i18n.md). The built-in text is the wording an administrator starts from, not a default that always shows.
 * A configured text identical to the built-in one reads as not configured.
 */
function useIsLabelConfigured(label: MessageDescriptor): boolean {
  const { i18n } = useLinguiRuntime();
  const culture = normaliseCulture(i18n.locale);
  const [builtIn, setBuiltIn] = useState<{ culture: string; messages: Messages }>();
  useEffect(() => {
    let current = true;
    void loadBuiltInCatalogue(culture).then((messages) => {
      if (current) setBuiltIn({ culture, messages });
    });
    return () => {
      current = false;
    };
  }, [culture]);
  const id = label.id;
  const active = i18n.messages[id];
  if (builtIn?.culture !== culture || active === undefined) return false;
  return JSON.stringify(active) !== JSON.stringify(builtIn.messages[id]);
}

function ConfiguredText({ label, color, role }: { label: MessageDescriptor; color?: string; role?: 'alert' }) {
  const { i18n } = useLinguiRuntime();
  const configured = useIsLabelConfigured(label);
  if (!configured) return null;
  return (
    <Text {...(color === undefined ? {} : { color })} {...(role === undefined ? {} : { role })}>
      {i18n._(label)}
    </Text>
  );
}
