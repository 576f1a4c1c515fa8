import { Box, Container } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { TopBar } from './TopBar';

/** The board's layout: the top bar, hidden on the edit-profile page (admin-and-board §2). */
export function BoardLayout({ children, showTopBar }: { children: ReactNode; showTopBar: boolean }) {
  return (
    <Box minHeight="100vh">
      {showTopBar ? <TopBar area="board" /> : null}
      <Container as="main" maxWidth="4xl" py="6">
        {children}
      </Container>
    </Box>
  );
}
