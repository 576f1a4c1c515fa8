import { Trans } from '@lingui/react/macro';
import { paths } from '../app/routes';
import { PublicNotice } from '../ui/PublicNotice';

/**
 * `/Goodbye/{culture}`: where a person lands, signed out, once their account is closed (issue 34 item 3,
 * docs/flows/my-account.md). Nothing of theirs is left to show; the notice was mailed to their address.
 */
export function GoodbyePage() {
  return (
    <PublicNotice
      title={<Trans id="MyAccount_Text_GoodbyeTitle">Your account is closed</Trans>}
      message={
        <Trans id="MyAccount_Text_Goodbye">
          Goodbye, and thank you. Your account and everything Gatehouse held about you are gone, and you are signed out
          everywhere. A notice has been sent to your e-mail address.
        </Trans>
      }
      linkText={<Trans id="Shell_Link_BackToLogin">Go to the sign-in page</Trans>}
      linkHref={paths.login()}
    />
  );
}
