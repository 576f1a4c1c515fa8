import { Box, Button, Heading, Link, Stack, Text } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { selectClientId, selectLoginRef, selectResourcesRef, selectSessionRef } from '@machines/app/app.selectors';
import type { loginMachine } from '@machines/login/login.machine';
import {
  attemptCounterOf,
  selectAddressClient,
  selectAttemptsLeft,
  selectDemoPassword,
  selectDemoPeople,
  selectHasFailed,
  selectHasWidgetFailed,
  selectIsBusy,
  selectIsRecoveryMode,
  selectResetMailSent,
  selectLinkCulture,
  selectShowsWidget,
  selectTermsAcceptanceRef,
  signUpLinkOf,
} from '@machines/login/login.selectors';
import type { resourcesMachine } from '@machines/resources/resources.machine';
import {
  selectAllowsCodeReset,
  selectAllowsSignUp,
  selectIsLabelConfigured,
  selectShowsAttemptCounter,
} from '@machines/resources/resources.selectors';
import type { SignOutReason, sessionMachine } from '@machines/session/session.machine';
import { selectSignOutReason } from '@machines/session/session.selectors';
import { Link as RouterLink } from 'wouter';
import { AppActor } from '../app/AppActor';
import { paths, withCulture } from '../app/routes';
import { WIDGET_ELEMENT_ID } from '../auth/widget-options';
import { labels } from '../i18n/labels';
import { DemoGuide } from './DemoGuide';
import { NewTerms } from './NewTerms';
import { BusySpinner } from '../ui/BusySpinner';

/**
 * The login page, also the SSO screen (public-and-profile §2): the title, the client's login-required message, the
 * reason the last session ended (shown once), the recovery-mode text, the failed-login message and the attempt
 * counter, the element the Sign-In Widget renders into while the login flow shows it (the client's logo in its header
 * and its one help link to the client's FAQ, issue 13), a Sign up link under it for a client that allows sign-up
 * (issue 9), and the demo guide while the server runs the demo world (issue 13).
 */
export function LoginPage() {
  const { i18n } = useLingui();
  const clientId = AppActor.useSelector(selectClientId);
  const sessionRef = AppActor.useSelector(selectSessionRef);
  const loginRef = AppActor.useSelector(selectLoginRef);
  const resourcesRef = AppActor.useSelector(selectResourcesRef);
  return (
    <Stack gap="4" align="center" textAlign="center">
      <Heading as="h1" size="xl">
        {i18n._(labels.Login_Text_Title)}
      </Heading>
      {resourcesRef ? <ConfiguredText label={labels.Login_Text_LoginRequired} resourcesRef={resourcesRef} /> : null}
      {sessionRef ? <SignOutNotice sessionRef={sessionRef} /> : null}
      {loginRef && resourcesRef ? (
        <LoginFlowView loginRef={loginRef} resourcesRef={resourcesRef} clientId={clientId} />
      ) : null}
    </Stack>
  );
}

function LoginFlowView({
  loginRef,
  resourcesRef,
  clientId,
}: {
  loginRef: ActorRefFrom<typeof loginMachine>;
  resourcesRef: ActorRefFrom<typeof resourcesMachine>;
  clientId: string | undefined;
}) {
  const { i18n } = useLinguiRuntime();
  const { t } = useLingui();
  const showsWidget = useSelector(loginRef, selectShowsWidget);
  const busy = useSelector(loginRef, selectIsBusy);
  const widgetFailed = useSelector(loginRef, selectHasWidgetFailed);
  const failed = useSelector(loginRef, selectHasFailed);
  const recoveryMode = useSelector(loginRef, selectIsRecoveryMode);
  const resetMailSent = useSelector(loginRef, selectResetMailSent);
  const showsCounter = useSelector(resourcesRef, selectShowsAttemptCounter);
  const counter = attemptCounterOf(useSelector(loginRef, selectAttemptsLeft), showsCounter);
  const addressClient = useSelector(loginRef, selectAddressClient);
  const linkCulture = useSelector(loginRef, selectLinkCulture);
  const signUp = signUpLinkOf(addressClient, linkCulture, useSelector(resourcesRef, selectAllowsSignUp));
  const codeReset = useSelector(resourcesRef, selectAllowsCodeReset);
  const demoPeople = useSelector(loginRef, selectDemoPeople);
  const demoPassword = useSelector(loginRef, selectDemoPassword);
  const termsRef = useSelector(loginRef, selectTermsAcceptanceRef);
  // Signed in, with the client's new terms to accept (issue 34 item 2): the page is that stop and nothing else.
  if (termsRef) return <NewTerms termsRef={termsRef} />;
  return (
    <>
      {recoveryMode ? <Text>{i18n._(labels.Login_Text_RecoveryMode)}</Text> : null}
      {resetMailSent ? <ResetMailSent /> : null}
      {failed ? (
        <ConfiguredText
          label={labels.Login_Text_ClientErrorMessage}
          resourcesRef={resourcesRef}
          color="fg.error"
          role="alert"
        />
      ) : null}
      {counter.kind === 'hidden' ? null : (
        <Text color={counter.kind === 'exceeded' ? 'fg.error' : undefined} data-testid="login-attempts">
          {counter.kind === 'exceeded'
            ? i18n._(labels.Login_Text_AttemptsExceeded)
            : i18n._(attemptsText(counter.count))}
        </Text>
      )}
      {busy ? <BusySpinner size="lg" color="brand" /> : null}
      {showsWidget ? <Box id={WIDGET_ELEMENT_ID} data-testid="okta-widget-container" width="full" /> : null}
      {widgetFailed ? (
        <WidgetFailure
          onRetry={() => {
            loginRef.send({ type: 'widget.retry' });
          }}
        />
      ) : null}
      {signUp ? (
        <Link asChild color="brand">
          <RouterLink href={paths.signUp(signUp)}>{i18n._(labels.Login_Link_SignUp)}</RouterLink>
        </Link>
      ) : null}
      {codeReset ? (
        <Link asChild color="brand">
          <RouterLink
            href={withCulture(
              paths.resetPassword(addressClient === undefined ? {} : { clientId: addressClient }),
              linkCulture,
            )}
          >
            {t({ id: 'Login_Link_CodeReset', message: 'Reset your password with a code sent by e-mail' })}
          </RouterLink>
        </Link>
      ) : null}
      {/* One help link: the widget's own leads to the FAQ; without a widget on screen this one does. */}
      {showsWidget ? null : (
        <Link asChild color="brand">
          <RouterLink href={paths.faq({ clientId })}>{i18n._(labels.Login_Link_Faq)}</RouterLink>
        </Link>
      )}
      {demoPassword !== undefined && demoPeople.length > 0 ? (
        <DemoGuide
          people={demoPeople}
          password={demoPassword}
          onPick={(username) => {
            loginRef.send({ type: 'guide.picked', username });
          }}
        />
      ) : null}
    </>
  );
}

/**
 * The widget's "Reset via Email" sent its mail (issue 29 §4). The flow hands the person a fresh widget (spec §4),
 * which takes the widget's own confirmation with it, so the page says it and keeps saying it until the next submit.
 * The identity provider answers alike whether or not the name has an account (no enumeration), and so does this text.
 */
function ResetMailSent() {
  const { t } = useLingui();
  return (
    <Text role="status" data-testid="reset-mail-sent">
      {t({
        id: 'Login_Text_ResetMailSent',
        message:
          'If an account has that name, we sent it an e-mail with a link to reset the password. Check your inbox, and your spam folder.',
      })}
    </Text>
  );
}

/** Where the widget would be when it failed to mount: why, and a way to try again. */
function WidgetFailure({ onRetry }: { onRetry: () => void }) {
  const { t } = useLingui();
  return (
    <Stack gap="3" align="center" data-testid="widget-failure">
      <Text color="fg.error" role="alert">
        {t({ id: 'Shell_Text_WidgetFailed', message: 'The sign-in form could not be loaded.' })}
      </Text>
      <Button onClick={onRetry}>{t({ id: 'Shell_Button_Retry', message: 'Retry' })}</Button>
    </Stack>
  );
}

function SignOutNotice({ sessionRef }: { sessionRef: ActorRefFrom<typeof sessionMachine> }) {
  const reason = useSelector(sessionRef, selectSignOutReason);
  const { i18n } = useLinguiRuntime();
  if (!reason) return null;
  return (
    <Text color="fg.error" role="alert">
      {i18n._(noticeOf(reason))}
    </Text>
  );
}

const attemptsText = (count: number) => ({ ...labels.Login_Text_AttemptsRemaining, values: { count } });

const noticeOf = (reason: SignOutReason) =>
  reason.code === 'application_not_found'
    ? { ...labels.Login_Text_ApplicationError, values: { applicationName: reason.applicationName } }
    : { ...labels.Login_Text_ClientError, values: { clientId: reason.clientId } };

function ConfiguredText({
  label,
  resourcesRef,
  color,
  role,
}: {
  label: MessageDescriptor;
  resourcesRef: ActorRefFrom<typeof resourcesMachine>;
  color?: string;
  role?: 'alert';
}) {
  const { i18n } = useLinguiRuntime();
  const configured = useSelector(resourcesRef, selectIsLabelConfigured(label.id));
  if (!configured) return null;
  return (
    <Text {...(color === undefined ? {} : { color })} {...(role === undefined ? {} : { role })}>
      {i18n._(label)}
    </Text>
  );
}
