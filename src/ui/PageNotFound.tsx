import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { selectSessionRef } from '@machines/app/app.selectors';
import { selectIsSignedIn } from '@machines/session/session.selectors';
import { AppActor } from '../app/AppActor';
import { paths } from '../app/routes';
import { labels } from '../i18n/labels';
import { PublicNotice } from './PublicNotice';

/**
 * Shown for any address the route table does not know (spec §2 "Unmatched route shows Page not found"). The link goes
 * to the login page either way (a signed-in person goes on from there to their board or admin area); only its words
 * change, so a signed-in person is not asked to sign in again.
 */
export function PageNotFound() {
  const { i18n } = useLingui();
  const sessionRef = AppActor.useSelector(selectSessionRef);
  const signedIn = useSelector(sessionRef, (s) => s !== undefined && selectIsSignedIn(s));
  return (
    <PublicNotice
      title={i18n._(labels.Global_Text_PageNotFound)}
      message={
        signedIn ? (
          <Trans id="Shell_Text_PageNotFoundSignedInHint">The address may be mistyped, or the page has moved.</Trans>
        ) : (
          <Trans id="Shell_Text_PageNotFoundHint">
            The address may be mistyped, or the page has moved. Sign in to find your applications.
          </Trans>
        )
      }
      linkText={
        signedIn ? (
          <Trans id="Shell_Link_BackToHome">Go to your home page</Trans>
        ) : (
          <Trans id="Shell_Link_BackToLogin">Go to the sign-in page</Trans>
        )
      }
      linkHref={paths.login()}
    />
  );
}
