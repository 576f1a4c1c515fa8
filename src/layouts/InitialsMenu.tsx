import { Button, Menu, Portal } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useLocation } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import { selectSessionRef } from '@machines/app/app.selectors';
import type { sessionMachine } from '@machines/session/session.machine';
import { selectIsSignedIn, selectProfile } from '@machines/session/session.selectors';
import { AppActor } from '../app/AppActor';
import { paths } from '../app/routes';
import { initialsOf } from './initials';

/**
 * The round button with the person's initials and its menu: Edit Profile and Log out (admin-and-board §2). On the
 * board, Edit Profile goes to /board/editProfile/{encoded /board/index}; in the admin area, to the profile page.
 */
export function InitialsMenu({ area }: { area: 'board' | 'admin' }) {
  const sessionRef = AppActor.useSelector(selectSessionRef);
  return sessionRef ? <InitialsButton sessionRef={sessionRef} area={area} /> : null;
}

function InitialsButton({
  sessionRef,
  area,
}: {
  sessionRef: ActorRefFrom<typeof sessionMachine>;
  area: 'board' | 'admin';
}) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const profile = useSelector(sessionRef, selectProfile);
  // "Logout flag: set when logging off; it blanks the initials" (admin-and-board §4).
  const signedIn = useSelector(sessionRef, selectIsSignedIn);
  const initials =
    signedIn && profile ? initialsOf(profile.fullName || `${profile.firstName} ${profile.lastName}`) : '';
  const editProfile = area === 'board' ? paths.editProfile({ redirectUrl: paths.boardIndex() }) : paths.profile();
  return (
    <Menu.Root
      onSelect={({ value }) => {
        navigate(value === 'logout' ? paths.logout() : editProfile);
      }}
    >
      <Menu.Trigger asChild>
        <Button
          borderRadius="full"
          width="10"
          height="10"
          minWidth="10"
          variant="surface"
          // The name starts with what the button shows (WCAG 2.5.3): a voice-control user says "click M G".
          aria-label={
            initials === ''
              ? t({ id: 'Board_Button_AccountMenu', message: 'Account menu' })
              : t({ id: 'Board_Button_AccountMenuOf', message: `${initials}, account menu` })
          }
        >
          {initials}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.Item value="editProfile">{t({ id: 'Board_Menu_EditProfile', message: 'Edit Profile' })}</Menu.Item>
            <Menu.Item value="logout">{t({ id: 'Board_Menu_LogOut', message: 'Log out' })}</Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
