import { Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import { Link as RouterLink } from 'wouter';
import { selectSignUpRef } from '@machines/app/app.selectors';
import type { signUpMachine } from '@machines/sign-up/sign-up.machine';
import {
  selectClientId,
  selectConfirmationLink,
  selectHasFailed,
  selectInvitationInvalid,
  selectIsConfirmed,
  selectIsPreparing,
  selectNotOffered,
  selectProfileFormRef,
} from '@machines/sign-up/sign-up.selectors';
import { AppActor } from '../app/AppActor';
import { paths, withCulture } from '../app/routes';
import { labels } from '../i18n/labels';
import { LoadFailedNotice } from './LoadFailedNotice';
import { OnwardLink } from './OnwardLink';
import { InvitationInvalidNotice, SignUpNotOfferedNotice } from './SignUpNotices';
import { ClientLogo, PublicPageHeading } from './PublicPageHeading';
import { SignUpCaptcha } from './SignUpCaptcha';
import { SignUpTerms } from './SignUpTerms';
import { ProfileForm } from './form/ProfileForm';
import { BusySpinner } from '../ui/BusySpinner';

type SignUpRef = ActorRefFrom<typeof signUpMachine>;

/** The sign-up page (spec public-and-profile §2 "Sign-up page", §4): the Register form, then its confirmation. */
export function SignUpPage() {
  const signUpRef = AppActor.useSelector(selectSignUpRef);
  return signUpRef ? <SignUp signUpRef={signUpRef} /> : null;
}

function SignUp({ signUpRef }: { signUpRef: SignUpRef }) {
  const { i18n, t } = useLingui();
  const preparing = useSelector(signUpRef, selectIsPreparing);
  const confirmed = useSelector(signUpRef, selectIsConfirmed);
  const failed = useSelector(signUpRef, selectHasFailed);
  const invitationInvalid = useSelector(signUpRef, selectInvitationInvalid);
  const notOffered = useSelector(signUpRef, selectNotOffered);
  const formRef = useSelector(signUpRef, selectProfileFormRef);
  const clientId = useSelector(signUpRef, selectClientId);
  if (confirmed) return <Confirmation signUpRef={signUpRef} />;
  const cannotLoad = (
    <LoadFailedNotice
      message={t({ id: 'SignUp_Text_LoadFailed', message: 'The sign-up form could not be loaded.' })}
      onRetry={() => {
        if (formRef) formRef.send({ type: 'reload' });
        else signUpRef.send({ type: 'retry' });
      }}
    >
      <Link asChild color="brand">
        <RouterLink href={paths.login({ clientId })}>{i18n._(labels.SignUp_Link_Login)}</RouterLink>
      </Link>
    </LoadFailedNotice>
  );
  return (
    <Stack gap="6">
      <PublicPageHeading clientId={clientId} title={i18n._(labels.SignUp_Text_Title)} />
      {preparing ? <BusySpinner alignSelf="center" /> : null}
      {failed ? cannotLoad : null}
      {invitationInvalid ? <InvitationInvalidNotice clientId={clientId} /> : null}
      {notOffered ? <SignUpNotOfferedNotice clientId={clientId} /> : null}
      {formRef ? (
        <ProfileForm
          formRef={formRef}
          loadFailure={cannotLoad}
          captcha={<SignUpCaptcha signUpRef={signUpRef} formRef={formRef} />}
          terms={<SignUpTerms signUpRef={signUpRef} formRef={formRef} />}
        />
      ) : null}
    </Stack>
  );
}

const sameLink = (a: ReturnType<typeof selectConfirmationLink>, b: ReturnType<typeof selectConfirmationLink>) =>
  a.kind === 'redirect' ? b.kind === 'redirect' && a.url === b.url : b.kind === 'login' && a.culture === b.culture;

/** The confirmation (spec §2): the logo, a message, instructions and the login page's or the redirect's link. */
function Confirmation({ signUpRef }: { signUpRef: SignUpRef }) {
  const { i18n } = useLingui();
  const clientId = useSelector(signUpRef, selectClientId);
  const link = useSelector(signUpRef, (s) => selectConfirmationLink(s, window.location.origin), sameLink);
  // Spec §2 "It scrolls to the top": the confirmation replaces a long form.
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, []);
  const href = link.kind === 'redirect' ? link.url : withCulture(paths.login({ clientId }), link.culture);
  return (
    <Stack gap="5" align="center" textAlign="center" role="status">
      <ClientLogo clientId={clientId} />
      <Heading as="h1" size="2xl">
        {i18n._(labels.SignUp_Text_ConfirmationTitle)}
      </Heading>
      <Text>{i18n._(labels.SignUp_Text_ConfirmationMessage)}</Text>
      <Text color="fg.muted">{i18n._(labels.SignUp_Text_ConfirmationInstructions)}</Text>
      <OnwardLink href={href}>
        {i18n._(link.kind === 'redirect' ? labels.SignUp_Link_Continue : labels.SignUp_Link_Login)}
      </OnwardLink>
    </Stack>
  );
}
