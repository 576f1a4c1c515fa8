import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { storage } from '@src/app/storage';
import { storageKeys } from '@src/app/storage-keys';
import { readProfilePageParameters, takeProfilePageParameters } from '@src/app/profile-page-parameters';
import { answerCall } from '../support/admin-dialog-host';
import { answerResource, emailResource, formDefinition } from '../support/profile-fixtures';
import { profile } from '../support/profiles';
import { preloadLazyChunks, renderShell } from '../support/render-shell';
import { answeringApi, profileCalls } from '../support/shell-api';

/**
 * The profile pages' own parameters (spec public-and-profile §2 "Profile-page parameters … are kept in local storage
 * and the address is rewritten"; docs/links.md): the real shell at Edit Profile, only the network is fake.
 */
describe('profile-page parameters', () => {
  beforeAll(preloadLazyChunks, 60_000);

  it('takes the four parameters out of a query, whatever their case, and keeps the rest', () => {
    expect(takeProfilePageParameters('culture=es&FilterFields=FirstName&excludeRoles=agent&x=1')).toEqual({
      taken: { filterFields: 'FirstName', excludeRoles: 'agent' },
      rest: 'culture=es&x=1',
    });
    expect(takeProfilePageParameters('culture=es')).toBeUndefined();
    // A value too long to be a link's is taken out of the address all the same, and not kept.
    expect(takeProfilePageParameters(`redirectUrl=${'a'.repeat(2000)}`)).toEqual({ taken: {}, rest: '' });
  });

  it('moves them into local storage, replaces the address without them, and shows only the fields filterFields names', async () => {
    const calls = profileCalls();
    const resources = answeringApi(() => ({
      inputs: { Instance_Field_Email: emailResource(), Security_Field_Answer: answerResource() },
    }));
    const shell = renderShell({
      path: '/board/editProfile/%2Fboard%2Findex?filterFields=PhoneNumber&excludeRoles=agent&culture=en-us',
      api: { ...resources.api, ...calls.api },
      input: { session: { signOutReason: undefined, profile: profile({ culture: 'en-us' }) } },
    });
    await waitFor(() => {
      expect(shell.location.history.at(-1)).toBe('/board/editProfile/%2Fboard%2Findex?culture=en-us');
    });
    expect(readProfilePageParameters()).toEqual({ filterFields: 'PhoneNumber', excludeRoles: 'agent' });
    expect(JSON.parse(storage.read(storageKeys.profilePage) ?? '{}')).toEqual({
      filterFields: 'PhoneNumber',
      excludeRoles: 'agent',
    });
    await answerCall(calls.instanceForm, { output: formDefinition() });
    expect(await screen.findByRole('textbox', { name: /^PhoneNumber/ })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /^FirstName/ })).toBeNull();
    // The form was read once: the address rewrite did not start the page twice.
    expect(calls.instanceForm.calls).toHaveLength(1);
    shell.unmount();
  });
});
