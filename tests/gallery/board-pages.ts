import { editProfileMachine } from '@machines/edit-profile/edit-profile.machine';
import { launcherMachine } from '@machines/launcher/launcher.machine';
import { profileFormMachine } from '@machines/profile-form/profile-form.machine';
import type { GalleryPage } from './gallery-types';
import { signs, visit } from './steps';

/** Where María's board sends Edit Profile back to (her board itself, a path of this origin). */
const boardEditProfile = `/board/editProfile/${encodeURIComponent('/board/index')}`;
const fromProfile =
  'reads the applications from the signed-in profile, in the same moment: no call, nothing to wait for';

/** The signed-in person's side: the board (application launcher) and Edit Profile, on the board and in the admin area. */
export const boardPages: readonly GalleryPage[] = [
  {
    id: 'board',
    title: 'Board (application launcher)',
    routes: ['boardIndex'],
    sections: [
      {
        machine: launcherMachine,
        shots: [{ state: 'choosing', as: 'boardUser', open: ({ page }) => visit(page, '/board/index', signs.title) }],
        leftOut: {
          starting: fromProfile,
          signedOut: 'nobody signed in: the board guard sends the browser to the login page (the login shots)',
          loading: fromProfile,
          failed: `${fromProfile}; the walks (tests/model/launcher) show its message`,
          leaving: 'the browser leaves for the chosen application',
          issuingToken:
            'a moment between the click and leaving: only a link with {otpToken} passes it, and no demo link has one',
        },
      },
    ],
  },
  {
    id: 'edit-profile',
    title: 'Edit Profile',
    routes: ['editProfile', 'profile'],
    sections: [
      {
        machine: editProfileMachine,
        shots: [
          {
            state: 'editing',
            variant: 'on the board (María, Acme)',
            as: 'boardUser',
            open: ({ page }) => visit(page, boardEditProfile, (p) => p.getByTestId('profile-form')),
          },
          {
            state: 'editing',
            variant: 'in the admin area (provider administrator)',
            as: 'providerAdmin',
            open: ({ page }) => visit(page, '/profile', (p) => p.getByTestId('profile-form')),
          },
        ],
        leftOut: {
          checking: 'decides at once whether someone is signed in',
          refreshing: 'a moment after Save, while the sign-in is renewed',
          leaving: 'the browser leaves for the address Edit Profile was opened from',
          ended: 'final: the session ended (the login page)',
        },
      },
      {
        machine: profileFormMachine,
        shots: [
          {
            state: 'editing',
            variant: 'Edit Profile, Security step',
            as: 'boardUser',
            open: async ({ page }) => {
              await visit(page, `${boardEditProfile}?stepIndex=1`, (p) => p.getByTestId('profile-form'));
            },
          },
        ],
        leftOut: {},
      },
    ],
  },
];
