import { Trans } from '@lingui/react/macro';
import { paths } from '../app/routes';
import { PublicNotice } from '../ui/PublicNotice';

/**
 * `/SignUp` with no client (issue 13): sign-up belongs to one client organisation, whose link names it
 * (`/SignUp/{client}`). Says so and offers the sign-in page, instead of a bare Page not found.
 */
export function SignUpWithoutClient() {
  return (
    <PublicNotice
      title={<Trans id="SignUp_Text_NoClientTitle">Sign up through your organisation</Trans>}
      message={
        <Trans id="SignUp_Text_NoClient">
          Sign-up needs the link your organisation gave you, which names it. If you already have an account, sign in.
        </Trans>
      }
      linkText={<Trans id="Shell_Link_BackToLogin">Go to the sign-in page</Trans>}
      linkHref={paths.login()}
    />
  );
}
