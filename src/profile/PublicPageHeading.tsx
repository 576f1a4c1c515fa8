import { Heading, Image, type ImageProps } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { loginLogoUrl } from '../api/resources';

/** The client's login logo, as the public pages show it (the portal's own when there is no client). */
export function ClientLogo({ clientId, ...rest }: { clientId: string | undefined } & ImageProps) {
  const { t } = useLingui();
  return (
    <Image
      src={loginLogoUrl(clientId)}
      alt={t({ id: 'Shell_Text_ClientLogo', message: 'Client logo' })}
      maxHeight="16"
      {...rest}
    />
  );
}

/** The top of a public page (sign-up, password reset): the client's logo over the page's title, centred. */
export function PublicPageHeading({ clientId, title }: { clientId: string | undefined; title: string }) {
  return (
    <>
      <ClientLogo clientId={clientId} alignSelf="center" />
      <Heading as="h1" size="2xl" textAlign="center">
        {title}
      </Heading>
    </>
  );
}
