import type { PasswordOwner } from '@contracts/forms/password-screen';
import type { ProfileDraft, ProfileFormInput, ProfileLoaded } from './profile-form.types';

/**
 * Whose new password it is, as the form knows it now (issue 34 §1): the login and e-mail, the names typed in the
 * FirstName and LastName meta-tag fields, the client's name and alias. The Security step's validation and its
 * strength meter read the same owner, so the form refuses a password made of the person's own words as the server
 * does (server/api/instance/boundary.ts `passwordOwnerOf`), before the save rather than after it.
 */
export function passwordOwnerOf(draft: ProfileDraft, loaded: ProfileLoaded, input: ProfileFormInput): PasswordOwner {
  const email = input.mode === 'Register' ? draft.email : loaded.form.email;
  const valueOfTag = (tag: string) => {
    const field = loaded.form.fields.find((candidate) => candidate.metaTag === tag);
    return field === undefined ? undefined : draft.values[field.fieldName];
  };
  return {
    login: email,
    email,
    names: [valueOfTag('FirstName'), valueOfTag('LastName')],
    client: [loaded.form.clientName, loaded.form.portalAlias],
  };
}

/** Two owners alike (the view's equality: a new object per snapshot must not re-render the meter). */
export const sameOwner = (a: PasswordOwner, b: PasswordOwner) =>
  a.login === b.login &&
  a.email === b.email &&
  (a.names ?? []).join('\n') === (b.names ?? []).join('\n') &&
  (a.client ?? []).join('\n') === (b.client ?? []).join('\n');
