import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { paths } from '../app/routes';
import { labels } from '../i18n/labels';
import { PublicNotice } from './PublicNotice';

/** Shown for any address the route table does not know (spec §2 "Unmatched route shows Page not found"). */
export function PageNotFound() {
  const { i18n } = useLingui();
  return (
    <PublicNotice
      title={i18n._(labels.Global_Text_PageNotFound)}
      message={
        <Trans id="Shell_Text_PageNotFoundHint">
          The address may be mistyped, or the page has moved. Sign in to find your applications.
        </Trans>
      }
      linkText={<Trans id="Shell_Link_BackToLogin">Go to the sign-in page</Trans>}
      linkHref={paths.login()}
    />
  );
}
