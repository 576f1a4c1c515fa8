import { Link, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from 'wouter';
import { paths } from '../app/routes';
import { labels } from '../i18n/labels';

/**
 * An invitation's link whose token does not open sign-up (tampered, expired, used, revoked, another client's): one
 * message for all of them, as the server gives one answer, and the way to the client's login instead of a form.
 */
export function InvitationInvalidNotice({ clientId }: { clientId: string }) {
  const { i18n, t } = useLingui();
  return (
    <Stack gap="3" role="alert">
      <Text>{t({ id: 'SignUp_Text_InvitationInvalid', message: 'This invitation is invalid or has expired.' })}</Text>
      <Text color="fg.muted">
        {t({
          id: 'SignUp_Text_InvitationInvalidHelp',
          message: 'If you already have an account, sign in. Otherwise ask your administrator for a new invitation.',
        })}
      </Text>
      <Link asChild color="brand" alignSelf="start">
        <RouterLink href={paths.login({ clientId })}>{i18n._(labels.SignUp_Link_Login)}</RouterLink>
      </Link>
    </Stack>
  );
}
