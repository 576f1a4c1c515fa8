import { Box, Container } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { Theme } from '@contracts/resources';
import { selectResourcesRef } from '@machines/app/app.selectors';
import type { resourcesMachine } from '@machines/resources/resources.machine';
import { selectTheme } from '@machines/resources/resources.selectors';
import { AppActor } from '../app/AppActor';

/**
 * The layout of every public page: login, SSO, logout, FAQ, sign-up, password reset and Page not found. Its page
 * view reaches `window.dataLayer` through the root actor, which sees every address change (docs/spa.md). The page
 * wears the client's theme (else the provider's) once the page's resources bring it.
 */
export function PublicLayout({ children }: { children: ReactNode }) {
  const resourcesRef = AppActor.useSelector(selectResourcesRef);
  return resourcesRef ? (
    <ThemedFrame resourcesRef={resourcesRef}>{children}</ThemedFrame>
  ) : (
    <Frame theme={null}>{children}</Frame>
  );
}

function ThemedFrame({
  resourcesRef,
  children,
}: {
  resourcesRef: ActorRefFrom<typeof resourcesMachine>;
  children: ReactNode;
}) {
  return <Frame theme={useSelector(resourcesRef, selectTheme)}>{children}</Frame>;
}

/**
 * The theme's primary colour replaces the `brand` token for this subtree only (links, buttons, the widget's primary
 * button through the same variable), its background and text colours the page's. Dark mode keeps its own.
 */
function Frame({ theme, children }: { theme: Theme | null; children: ReactNode }) {
  return (
    <Box
      minHeight="100vh"
      bg={theme?.backgroundColor ?? 'gray.50'}
      {...(theme === null ? {} : { color: theme.textColor, css: { '--chakra-colors-brand': theme.primaryColor } })}
      _dark={{ bg: 'gray.900', color: 'fg' }}
      data-testid="public-layout"
    >
      <Container as="main" maxWidth="lg" py={{ base: '6', md: '10' }}>
        {children}
      </Container>
    </Box>
  );
}
