import { Heading, Link, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Link as RouterLink } from 'wouter';
import { paths } from '../app/routes';
import { labels } from '../i18n/labels';

/** Shown for any address the route table does not know (spec §2 "Unmatched route shows Page not found"). */
export function PageNotFound() {
  const { i18n } = useLingui();
  return (
    <Stack gap="4" textAlign="center" py="10">
      <Heading as="h1" size="2xl">
        {i18n._(labels.Global_Text_PageNotFound)}
      </Heading>
      <Link asChild color="brand">
        <RouterLink href={paths.login()}>
          <Trans id="Shell_Link_BackToLogin">Go to the sign-in page</Trans>
        </RouterLink>
      </Link>
    </Stack>
  );
}
