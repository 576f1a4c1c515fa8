import * as v from 'valibot';
import {
  EmailChangeRequestedSchema,
  MyAccountSchema,
  type EmailChangeRequested,
  type MyAccount,
} from '@contracts/my-account';
import { http, type CallOptions } from './http';

/** "My data and my account" (docs/api.md "My account"): the signed-in person's own account. */
export async function getMyAccount(options: CallOptions = {}): Promise<MyAccount> {
  return v.parse(MyAccountSchema, await http.get('MyAccount', options).json());
}

/** GET MyAccount/Data: the JSON file as the server wrote it (handed to the browser as it is). */
export async function getMyData(options: CallOptions = {}): Promise<string> {
  return http.get('MyAccount/Data', options).text();
}

export async function closeMyAccount(body: { password: string }, options: CallOptions = {}): Promise<void> {
  await http.post('MyAccount/Close', { json: body, ...options });
}

/** POST MyAccount/Email: a code to the new address (issue 34 item 5); the same answer whether it is free or taken. */
export async function requestEmailChange(
  body: { newEmail: string },
  options: CallOptions = {},
): Promise<EmailChangeRequested> {
  return v.parse(EmailChangeRequestedSchema, await http.post('MyAccount/Email', { json: body, ...options }).json());
}

/** POST MyAccount/Email/{id}/Confirm: the code from the mail; the address changes. */
export async function confirmEmailChange(
  body: { requestId: string; code: string },
  options: CallOptions = {},
): Promise<void> {
  await http.post(`MyAccount/Email/${encodeURIComponent(body.requestId)}/Confirm`, {
    json: { code: body.code },
    ...options,
  });
}

/** POST ManageUsers/{id}/Close: an administrator closes a person's account (the person's notice is mailed). */
export async function closeAccountOf(id: string, options: CallOptions = {}): Promise<void> {
  await http.post(`ManageUsers/${encodeURIComponent(id)}/Close`, options);
}
