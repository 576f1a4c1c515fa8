import { Box, CloseButton, Container, Drawer, Flex, IconButton, Portal } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { Menu as MenuIcon } from 'lucide-react';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { selectNotificationsRef } from '@machines/app/app.selectors';
import { selectIsNarrow, selectIsOverlayOpen } from '@machines/mobile-menu/mobile-menu.selectors';
import { AppActor } from '../app/AppActor';
import { ErrorBar } from '../ui/ErrorBar';
import { AdminMenu } from './AdminMenu';
import { PHONE_MAX_WIDTH, upTo } from './breakpoints';
import { isNarrowWindow, mobileMenuLogic } from './mobile-menu-logic';
import { TopBar } from './TopBar';

// Below the 768 px breakpoint (a phone) the menu overlay takes the whole width; from 768 to 992 px it is a side panel.
const phoneFullWidth = { [upTo(PHONE_MAX_WIDTH)]: { width: '100vw', maxWidth: '100vw' } };

/**
 * The admin area's layout (admin-and-board §2 "Main layout behaviour"): top bar with the initials menu, error bar,
 * the role's left menu and the page. At 992 px and below the menu is an overlay behind a button; the mobile-menu
 * machine decides when it is open, and closes it at every navigation start. The other widths: src/layouts/breakpoints.ts.
 */
export function AdminLayout({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const notificationsRef = AppActor.useSelector(selectNotificationsRef);
  const logic = useMemo(() => mobileMenuLogic(window), []);
  const menuRef = useActorRef(logic, { input: { narrow: isNarrowWindow(window) } });
  const narrow = useSelector(menuRef, selectIsNarrow);
  const open = useSelector(menuRef, selectIsOverlayOpen);
  const [path] = useLocation();
  // Navigation the menu did not start (the initials menu, back and forward) closes the overlay too.
  useEffect(() => {
    menuRef.send({ type: 'navigation.started' });
  }, [menuRef, path]);
  const startNavigation = () => {
    menuRef.send({ type: 'navigation.started' });
  };
  const menuLabel = t({ id: 'Admin_Button_OpenMenu', message: 'Open the menu' });
  return (
    <Box minHeight="100vh">
      <TopBar
        area="admin"
        menuButton={
          narrow ? (
            <IconButton
              variant="ghost"
              color="inherit"
              aria-label={menuLabel}
              aria-expanded={open}
              onClick={() => {
                menuRef.send({ type: 'menu.toggle' });
              }}
            >
              <MenuIcon />
            </IconButton>
          ) : null
        }
      />
      {notificationsRef ? <ErrorBar notificationsRef={notificationsRef} /> : null}
      <Flex gap="6" px="4" py="6" align="flex-start">
        {narrow ? null : <AdminMenu onNavigate={startNavigation} placement="beside" />}
        <Container as="main" maxWidth="6xl" px="0" minWidth="0">
          {children}
        </Container>
      </Flex>
      {narrow ? (
        <Drawer.Root
          open={open}
          placement="start"
          onOpenChange={(details) => {
            if (!details.open) menuRef.send({ type: 'menu.close' });
          }}
        >
          <Portal>
            <Drawer.Backdrop />
            <Drawer.Positioner>
              <Drawer.Content data-testid="menu-overlay" css={phoneFullWidth}>
                <Drawer.Header>
                  <Drawer.Title>{t({ id: 'Admin_Text_MenuTitle', message: 'Menu' })}</Drawer.Title>
                </Drawer.Header>
                <Drawer.Body>
                  <AdminMenu onNavigate={startNavigation} placement="overlay" />
                </Drawer.Body>
                <Drawer.CloseTrigger asChild>
                  <CloseButton size="sm" aria-label={t({ id: 'Admin_Button_CloseMenu', message: 'Close the menu' })} />
                </Drawer.CloseTrigger>
              </Drawer.Content>
            </Drawer.Positioner>
          </Portal>
        </Drawer.Root>
      ) : null}
    </Box>
  );
}
