import { Link, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'wouter';
import { paths } from '../app/routes';
import { labels } from '../i18n/labels';

/** Why this sign-up page has no form, what to do instead, and the way to the client's login (no Retry). */
function SignUpNotice({ clientId, message, help }: { clientId: string; message: ReactNode; help: ReactNode }) {
  const { i18n } = useLingui();
  return (
    <Stack gap="3" role="alert">
      <Text>{message}</Text>
      <Text color="fg.muted">{help}</Text>
      <Link asChild color="brand" alignSelf="start">
        <RouterLink href={paths.login({ clientId })}>{i18n._(labels.SignUp_Link_Login)}</RouterLink>
      </Link>
    </Stack>
  );
}

/**
 * An invitation's link whose token does not open sign-up (tampered, expired, used, revoked, another client's): one
 * message for all of them, as the server gives one answer, and the way to the client's login instead of a form.
 */
export function InvitationInvalidNotice({ clientId }: { clientId: string }) {
  const { t } = useLingui();
  return (
    <SignUpNotice
      clientId={clientId}
      message={t({ id: 'SignUp_Text_InvitationInvalid', message: 'This invitation is invalid or has expired.' })}
      help={t({
        id: 'SignUp_Text_InvitationInvalidHelp',
        message: 'If you already have an account, sign in. Otherwise ask your administrator for a new invitation.',
      })}
    />
  );
}

/**
 * A client that does not offer sign-up (its AutoSignUp is off, or no client has this id; issue 29 §4): says so
 * instead of a form that cannot load and a Retry that cannot succeed.
 */
export function SignUpNotOfferedNotice({ clientId }: { clientId: string }) {
  const { t } = useLingui();
  return (
    <SignUpNotice
      clientId={clientId}
      message={t({ id: 'SignUp_Text_NotOffered', message: 'This organisation does not offer sign-up here.' })}
      help={t({
        id: 'SignUp_Text_NotOfferedHelp',
        message: 'Your organisation creates its people’s accounts. If you already have one, sign in.',
      })}
    />
  );
}
