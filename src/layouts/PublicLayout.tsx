import { Box, Container } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { Theme } from '@contracts/resources';
import { selectResourcesRef } from '@machines/app/app.selectors';
import type { resourcesMachine } from '@machines/resources/resources.machine';
import { selectTheme } from '@machines/resources/resources.selectors';
import { AppActor } from '../app/AppActor';
import { brandPalette } from '../ui/brand-palette';

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
 * The client's theme is the page's Chakra accent (issue 29 §5): its `brand` palette (brand-palette.ts) replaces the
 * provider's for this subtree only, and is the palette of every button, checkbox and focus ring in it (the widget's
 * primary button reads the same variables); its background and text colours are the page's. The palette and the text
 * are computed to keep WCAG AA whatever the client chose. Dark mode keeps its own ground.
 */
function Frame({ theme, children }: { theme: Theme | null; children: ReactNode }) {
  const palette = theme === null ? null : brandPalette(theme);
  return (
    <Box
      minHeight="100vh"
      colorPalette="brand"
      bg={palette?.background ?? 'gray.50'}
      {...(palette === null ? {} : { color: palette.text, css: palette.variables })}
      _dark={{ bg: 'gray.900', color: 'fg' }}
      data-testid="public-layout"
    >
      <Container as="main" maxWidth="lg" py={{ base: '6', md: '10' }}>
        {children}
      </Container>
    </Box>
  );
}
