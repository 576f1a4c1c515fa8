import { noLinkControls, type LinkControls } from './link-controls';
import type { ProfileFormInput } from './profile-form.types';

/** What differs between the hosts that open the form on an existing person (Edit Profile, the user dialog). */
type PersonFormSettings = Pick<
  ProfileFormInput,
  'mode' | 'viewer' | 'culture' | 'ownProfile' | 'startStep' | 'footer' | 'notifications'
> & { link?: LinkControls };

/**
 * The profile form's input on an existing person's profile: no captcha (only sign-up has one), so the hosts cannot
 * drift on it. Only a page an address leads to has link controls. (The site rules' excluded roles come with the form.)
 */
export const personFormInput = (
  person: { id: string; email: string },
  settings: PersonFormSettings,
): ProfileFormInput => ({
  ...settings,
  link: settings.link ?? noLinkControls,
  subject: { kind: 'person', id: person.id },
  email: person.email,
  captcha: undefined,
});
