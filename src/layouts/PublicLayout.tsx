import { Box, Container } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * The layout of every public page: login, SSO, logout, FAQ, sign-up, password reset and Page not found. Its page
 * view reaches `window.dataLayer` through the root actor, which sees every address change (docs/spa.md).
 */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <Box minHeight="100vh" bg="gray.50" _dark={{ bg: 'gray.900' }}>
      <Container as="main" maxWidth="lg" py={{ base: '6', md: '12' }}>
        {children}
      </Container>
    </Box>
  );
}
