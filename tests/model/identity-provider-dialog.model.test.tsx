/* eslint-disable vitest/no-standalone-expect -- the states and executors run inside each walk's test (describeWalks) */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import type { IdentityProvider } from '@contracts/admin/identity-providers';
import { ApiError } from '@contracts/failures';
import type {
  IdentityProviderChange,
  IdentityProviderDraft,
} from '@machines/identity-provider-dialog/identity-provider-draft';
import { invalidFields } from '@machines/identity-provider-dialog/identity-provider-draft';
import {
  identityProviderDialogMachine,
  type IdentityProviderLoaded,
  type SaveIdentityProviderInput,
} from '@machines/identity-provider-dialog/identity-provider-dialog.machine';
import { IdentityProviderDialog } from '@src/admin/identity-providers/IdentityProviderDialog';
import { catalogueText } from '../support/catalogue-text';
import {
  actorDone,
  actorError,
  createControlledActor,
  doneEventType,
  errorEventType,
} from '../support/controlled-actor';
import { oidcProvider, servedClients } from '../support/identity-provider-fixtures';
import { recordingNotifications } from '../support/recording-ref';
import { renderAdminView } from '../support/render-admin';
import { describeWalks, notWalked } from '../support/walk';

type DialogSnapshot = SnapshotFrom<typeof identityProviderDialogMachine>;

const saved = oidcProvider({ clientIdServed: null, clientNameServed: null, version: 1 });
const taken = new ApiError({
  status: 409,
  code: 'conflict',
  message: 'Another record already has this name.',
  requestId: 'q1',
});
const stale = new ApiError({ status: 409, code: 'stale_update', message: 'The record was changed.', requestId: 'q2' });
const en = (id: string) => catalogueText('en-us', id);

/**
 * What the person fills, in order, for each kind: one step at a time (the walk offers the next one), so both kinds'
 * forms are walked to a valid draft without walking every order of typing. The SAML address is typed wrong first, so
 * its problem is seen, then right. A claim row is added, named (for SAML a URI) and given its field.
 */
const steps: Record<'oidc' | 'saml', readonly IdentityProviderChange[]> = {
  oidc: [
    { field: 'name', value: 'Acme Workforce' },
    { field: 'issuer', value: 'https://login.acme.test/' },
    { field: 'clientId', value: 'gatehouse' },
    { field: 'clientSecret', value: 's3cret' },
    { claims: 'add' },
    { row: 0, part: 'claim', value: 'given_name' },
    { row: 0, part: 'field', value: 'FirstName' },
  ],
  saml: [
    { field: 'name', value: 'Globex ADFS' },
    { field: 'metadataUrl', value: 'http://adfs.globex.test/m' },
    { field: 'metadataUrl', value: 'https://adfs.globex.test/m' },
    { claims: 'add' },
    { row: 0, part: 'claim', value: 'http://schemas.test/claims#given' },
    { row: 0, part: 'field', value: 'FirstName' },
  ],
};

/** How many of the kind's steps the draft already shows. */
function stepsDone(draft: IdentityProviderDraft): number {
  const list = steps[draft.kind];
  let done = 0;
  for (const change of list) {
    const holds =
      'field' in change
        ? draft[change.field] === change.value
        : 'part' in change
          ? draft.claims[change.row]?.[change.part] === change.value
          : draft.claims.length > 0;
    // The wrong SAML address counts as done once the right one replaced it.
    const passed = 'field' in change && change.field === 'metadataUrl' && draft.metadataUrl.startsWith('https://');
    if (!holds && !passed) break;
    done += 1;
  }
  return done;
}

const nextEdits = (s: DialogSnapshot) => {
  const draft = s.context.draft.values;
  const next = steps[draft.kind][stepsDone(draft)];
  const kindSwitch =
    draft.kind === 'oidc' && draft.name === ''
      ? [{ type: 'edit' as const, changes: { field: 'kind', value: 'saml' } }]
      : [];
  return [
    ...kindSwitch,
    ...(next ? [{ type: 'edit' as const, changes: next }] : []),
    { type: 'save' as const },
    { type: 'cancel' as const },
  ] as { type: 'edit'; changes: IdentityProviderChange }[] | { type: 'save' | 'cancel' }[];
};

const loaded: IdentityProviderLoaded = { clients: servedClients, record: undefined };
const clientsLoaded = actorDone('load', loaded);
const created = actorDone('save', saved);
const refused = actorError('save', taken);
const staleSave = actorError('save', stale);
const conflictEvents = [{ type: 'reload' as const }, { type: 'keepMine' as const }, { type: 'cancel' as const }];

type Walked =
  | { type: 'edit'; changes: IdentityProviderChange }
  | { type: 'save' }
  | { type: 'cancel' }
  | (typeof conflictEvents)[number]
  | typeof clientsLoaded
  | typeof created
  | typeof refused;

const eventsOf = (s: DialogSnapshot): Walked[] =>
  s.matches('loading')
    ? [clientsLoaded, { type: 'cancel' as const }]
    : s.matches('editing')
      ? (nextEdits(s) as Walked[])
      : s.matches('saving')
        ? [created, refused, staleSave]
        : s.matches('conflict')
          ? conflictEvents
          : s.matches('overwriting')
            ? [clientsLoaded]
            : [];

function renderDialog() {
  const load = createControlledActor<IdentityProviderLoaded, unknown>();
  const save = createControlledActor<IdentityProvider, SaveIdentityProviderInput>();
  const actor = createActor(
    identityProviderDialogMachine.provide({ actors: { load: load.logic as never, save: save.logic } }),
    {
      input: { row: undefined, notifications: recordingNotifications().ref },
    },
  ).start();
  renderAdminView(<IdentityProviderDialog dialogRef={actor} />);
  return { actor, load, save };
}

const fieldLabel: Record<string, RegExp> = {
  kind: /^Protocol/,
  name: /^Name/,
  issuer: /^Issuer/,
  clientId: /^Client ID/,
  clientSecret: /^Client secret/,
  metadataUrl: /^Metadata address/,
};
const saveButton = () => screen.getByRole('button', { name: 'Save' });

describeWalks(identityProviderDialogMachine, {
  title: 'identity-provider dialog walk, create mode, both kinds (issue 31 item 1, through the real dialog)',
  events: eventsOf,
  scenarios: [
    {
      input: { row: undefined, notifications: recordingNotifications().ref },
      serializeState: (s) =>
        JSON.stringify(
          s.status === 'done'
            ? [s.value]
            : [
                s.value,
                s.context.draft.values.kind,
                stepsDone(s.context.draft.values),
                s.context.problem !== undefined,
              ],
        ),
    },
  ],
  start: renderDialog,
  describeEvent: (event) =>
    event.type === 'edit'
      ? JSON.stringify(event.changes)
      : 'error' in event && event.error instanceof ApiError
        ? event.error.code
        : undefined,
  // A bound so a stuck walk fails instead of hanging (not a speed check).
  timeout: 60_000,
  states: {
    offline: notWalked(
      'a read with no answer (issue 29 §3) is the editor pattern’s: walked in tests/model/profile-form.model',
    ),
    loading: async () => {
      expect(await screen.findByRole('heading', { name: 'Add identity provider' })).toBeInTheDocument();
      expect(await screen.findByRole('button', { name: 'Save' })).toBeDisabled();
    },
    editing: async (s) => {
      const draft = s.context.draft.values;
      const ready = invalidFields(draft, undefined).length === 0;
      await waitFor(() => {
        if (ready) expect(saveButton()).toBeEnabled();
        else expect(saveButton()).toBeDisabled();
      });
      // The kind's own inputs show, the other kind's do not; the secret is a password input.
      if (draft.kind === 'oidc') {
        expect(screen.getByLabelText(fieldLabel.clientSecret!)).toHaveAttribute('type', 'password');
        expect(screen.queryByLabelText(fieldLabel.metadataUrl!)).not.toBeInTheDocument();
      } else {
        expect(screen.getByLabelText(fieldLabel.metadataUrl!)).toBeInTheDocument();
        expect(screen.queryByLabelText(fieldLabel.issuer!)).not.toBeInTheDocument();
      }
      expect(screen.queryAllByTestId('claim-row').length).toBe(draft.claims.length);
      const wrongAddress = draft.kind === 'saml' && draft.metadataUrl.startsWith('http://');
      await waitFor(() => {
        expect(screen.queryAllByText('Please check this value.')).toHaveLength(wrongAddress ? 1 : 0);
      });
      if (s.context.problem) {
        expect(await screen.findByRole('alert')).toHaveTextContent('Another record already has this name.');
      } else {
        expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      }
    },
    saving: async (_s, h) => {
      await waitFor(() => {
        expect(saveButton()).toBeDisabled();
      });
      expect(h.save.waiting()).toBe(1);
    },
    conflict: async () => {
      expect(await screen.findByRole('alert')).toHaveTextContent(en('IdentityProvider_Text_Stale'));
      expect(screen.getByRole('button', { name: en('Global_Button_ReloadTheirs') })).toBeEnabled();
      expect(screen.getByRole('button', { name: en('Global_Button_KeepMine') })).toBeEnabled();
      expect(saveButton()).toBeDisabled();
    },
    overwriting: async (_s, h) => {
      await waitFor(() => {
        expect(saveButton()).toBeDisabled();
      });
      expect(h.load.waiting()).toBe(1);
    },
    failed: notWalked('a failed clients read falls back to editing with no client to choose (onLoadFailure)'),
    unauthorised: notWalked("a 401 goes to the host's one 401 policy; pinned in the editor pattern's specs"),
    saved: (_s, h) => {
      expect(h.actor.getSnapshot().output).toEqual(saved);
    },
    cancelled: (_s, h) => {
      expect(h.actor.getSnapshot().status).toBe('done');
      expect(h.actor.getSnapshot().output).toBeUndefined();
    },
  },
  executors: {
    [doneEventType('load')]: (_step, h) => {
      act(() => {
        h.load.resolve(loaded);
      });
    },
    edit: async ({ event }) => {
      const change = event.changes;
      if ('field' in change) {
        const input = screen.getByLabelText(fieldLabel[change.field]!);
        if (change.field === 'kind') {
          await userEvent.selectOptions(input, change.value);
        } else {
          // Pasted, not typed key by key: the walk's long paths stay within their bound on two shared cores.
          await userEvent.clear(input);
          await userEvent.click(input);
          await userEvent.paste(change.value);
        }
      } else if ('part' in change) {
        const row = change.row + 1;
        if (change.part === 'claim') {
          await userEvent.click(screen.getByLabelText(`Claim ${String(row)}`));
          await userEvent.paste(change.value);
        } else {
          await userEvent.selectOptions(screen.getByLabelText(`Profile field of claim ${String(row)}`), change.value);
        }
      } else {
        await userEvent.click(screen.getByRole('button', { name: 'Add claim' }));
      }
    },
    save: async () => {
      await userEvent.click(saveButton());
    },
    cancel: async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    },
    reload: async () => {
      await userEvent.click(screen.getByRole('button', { name: en('Global_Button_ReloadTheirs') }));
    },
    keepMine: async () => {
      await userEvent.click(screen.getByRole('button', { name: en('Global_Button_KeepMine') }));
    },
    [doneEventType('save')]: (_step, h) => {
      act(() => {
        h.save.resolve(saved);
      });
    },
    [errorEventType('save')]: ({ event }, h) => {
      act(() => {
        h.save.reject(event.error);
      });
    },
  },
});
