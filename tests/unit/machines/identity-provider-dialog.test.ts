import { describe, expect, it } from 'vitest';
import { initialTransition, transition, type SnapshotFrom } from 'xstate';
import type { IdentityProvider } from '@contracts/admin/identity-providers';
import { ApiError } from '@contracts/failures';
import { identityProviderDialogMachine } from '@machines/identity-provider-dialog/identity-provider-dialog.machine';
import {
  selectCanSave,
  selectClaimRowProblems,
  selectFields,
  selectHasSecret,
  selectIsStale,
  selectShownProblems,
} from '@machines/identity-provider-dialog/identity-provider-dialog.selectors';
import type {
  IdentityProviderChange,
  IdentityProviderField,
} from '@machines/identity-provider-dialog/identity-provider-draft';
import { doneEvent, errorEvent } from '../../support/controlled-actor';
import { oidcProvider, samlProvider, servedClients } from '../../support/identity-provider-fixtures';
import { recordingNotifications } from '../../support/recording-ref';

/**
 * The identity-provider dialog (machines/identity-provider-dialog; issue 31 item 1): the editor pattern with the
 * registry contract's rules for both kinds, one hop per rule, through `transition` (no actor runs).
 */

type Snapshot = SnapshotFrom<typeof identityProviderDialogMachine>;
type Event = Parameters<typeof transition<typeof identityProviderDialogMachine>>[2];
const { ref: notifications } = recordingNotifications();

const step = (s: Snapshot, event: Event) => transition(identityProviderDialogMachine, s, event)[0];
const run = (s: Snapshot, ...events: Event[]) => events.reduce(step, s);
const saveInputOf = (s: Snapshot) =>
  (
    transition(identityProviderDialogMachine, s, { type: 'save' })[1].find((a) => a.type === 'xstate.spawnChild')
      ?.params as { input: unknown } | undefined
  )?.input;
const edit = (changes: IdentityProviderChange): Event => ({ type: 'edit', changes });
const type = (field: IdentityProviderField, value: string): Event => edit({ field, value });

const opened = (record: IdentityProvider | undefined) =>
  step(
    initialTransition(identityProviderDialogMachine, { row: record, notifications })[0],
    doneEvent('load', { clients: servedClients, record }),
  );

describe('identity-provider dialog', () => {
  it('creates an OpenID Connect provider only with name, https issuer, client id and secret; sends the rows as a mapping', () => {
    let s = opened(undefined);
    expect(selectFields(s)).toEqual(['kind', 'name', 'issuer', 'clientId', 'clientSecret', 'scopes', 'clientIdServed']);
    expect(selectCanSave(s)).toBe(false);
    s = run(s, type('name', 'Acme Workforce'), type('issuer', 'http://login.acme.test/'), type('clientId', 'gh'));
    s = step(s, type('clientSecret', 's3cret'));
    expect(selectShownProblems(s)).toEqual(['issuer']);
    s = run(s, type('issuer', 'https://login.acme.test/'), type('clientIdServed', servedClients[1]!.id));
    s = run(s, edit({ claims: 'add' }), edit({ row: 0, part: 'claim', value: 'given_name' }));
    // A half-filled row is refused until it names a field.
    expect(selectCanSave(s)).toBe(false);
    expect(selectClaimRowProblems(s)).toEqual([0]);
    s = run(s, edit({ row: 0, part: 'field', value: 'FirstName' }), edit({ claims: 'add' }));
    // A wholly blank row is left out.
    expect(selectCanSave(s)).toBe(true);
    expect(saveInputOf(s)).toEqual({
      id: undefined,
      body: {
        kind: 'oidc',
        name: 'Acme Workforce',
        issuer: 'https://login.acme.test/',
        clientId: 'gh',
        clientSecret: 's3cret',
        scopes: 'openid email profile',
        claimMapping: { given_name: 'FirstName' },
        clientIdServed: servedClients[1]!.id,
      },
    });
  });

  it('refuses a claim named twice, and a URI claim name for OpenID Connect', () => {
    let s = run(
      opened(undefined),
      type('name', 'A'),
      type('issuer', 'https://a.test/'),
      type('clientId', 'c'),
      type('clientSecret', 's'),
      edit({ claims: 'add' }),
      edit({ row: 0, part: 'claim', value: 'name' }),
      edit({ row: 0, part: 'field', value: 'FirstName' }),
      edit({ claims: 'add' }),
      edit({ row: 1, part: 'claim', value: 'name' }),
      edit({ row: 1, part: 'field', value: 'LastName' }),
    );
    expect(selectClaimRowProblems(s)).toEqual([1]);
    s = step(s, edit({ row: 1, part: 'claim', value: 'http://claims.test/surname' }));
    expect(selectClaimRowProblems(s)).toEqual([1]);
    expect(selectCanSave(s)).toBe(false);
    s = step(s, edit({ claims: 'remove', row: 1 }));
    expect(selectCanSave(s)).toBe(true);
  });

  it('creates a SAML provider from a metadata address or pasted XML (one of them), URI attribute names allowed', () => {
    let s = run(opened(undefined), type('kind', 'saml'), type('name', 'Globex ADFS'));
    expect(selectFields(s)).toEqual(['kind', 'name', 'metadataSource', 'metadataUrl', 'clientIdServed']);
    s = step(s, type('metadataUrl', 'http://adfs.globex.test/metadata'));
    expect(selectShownProblems(s)).toEqual(['metadataUrl']);
    s = run(
      s,
      type('metadataUrl', 'https://adfs.globex.test/metadata'),
      edit({ claims: 'add' }),
      edit({ row: 0, part: 'claim', value: 'http://schemas.test/claims#given' }),
      edit({ row: 0, part: 'field', value: 'FirstName' }),
    );
    expect(saveInputOf(s)).toEqual({
      id: undefined,
      body: {
        kind: 'saml',
        name: 'Globex ADFS',
        metadataUrl: 'https://adfs.globex.test/metadata',
        claimMapping: { 'http://schemas.test/claims#given': 'FirstName' },
        clientIdServed: null,
      },
    });
    s = step(s, type('metadataSource', 'xml'));
    expect(selectFields(s)).toEqual(['kind', 'name', 'metadataSource', 'metadataXml', 'clientIdServed']);
    expect(selectCanSave(s)).toBe(false);
    s = step(s, type('metadataXml', '<EntityDescriptor/>'));
    expect(saveInputOf(s)).toMatchObject({ body: { kind: 'saml', metadataXml: '<EntityDescriptor/>' } });
    expect(saveInputOf(s)).not.toHaveProperty('body.metadataUrl');
  });

  it('edits an OpenID Connect provider: the kind is fixed, the secret shows as set and a blank one is not sent', () => {
    const row = oidcProvider();
    let s = opened(row);
    expect(selectHasSecret(s)).toBe(true);
    expect(s.context.draft.values.clientSecret).toBe('');
    s = step(s, type('kind', 'saml'));
    expect(s.context.draft.values.kind).toBe('oidc');
    s = step(s, type('name', 'Acme Staff'));
    expect(selectCanSave(s)).toBe(true);
    const input = saveInputOf(s) as { id: string; body: Record<string, unknown> };
    expect(input.id).toBe(row.id);
    expect(input.body).toMatchObject({ kind: 'oidc', name: 'Acme Staff', version: 3 });
    expect(input.body).not.toHaveProperty('clientSecret');
    s = step(s, type('clientSecret', 'n3w'));
    expect(saveInputOf(s)).toMatchObject({ body: { clientSecret: 'n3w' } });
  });

  it('edits a SAML provider: stored metadata is kept unless a new address or XML is given', () => {
    const row = samlProvider();
    let s = opened(row);
    expect(selectCanSave(s)).toBe(true);
    const kept = saveInputOf(s) as { body: Record<string, unknown> };
    expect(kept.body).toMatchObject({ kind: 'saml', version: 1 });
    expect(kept.body).not.toHaveProperty('metadataUrl');
    expect(kept.body).not.toHaveProperty('metadataXml');
    s = step(s, type('metadataUrl', 'https://adfs.globex.test/v2/metadata'));
    expect(saveInputOf(s)).toMatchObject({ body: { metadataUrl: 'https://adfs.globex.test/v2/metadata' } });
  });

  it('turns a stale save into the conflict choice and keeps the draft', () => {
    const s = run(opened(oidcProvider()), type('name', 'Mine'), { type: 'save' });
    const stale = new ApiError({ status: 409, code: 'stale_update', message: 'stale', requestId: 'r1' });
    const conflict = step(s, errorEvent('save', stale));
    expect(selectIsStale(conflict)).toBe(true);
    expect(conflict.context.draft.values.name).toBe('Mine');
  });

  it('ends with the saved provider for the grid to refresh', () => {
    const saved = oidcProvider({ version: 4 });
    const s = run(opened(oidcProvider()), type('scopes', 'openid email'), { type: 'save' }, doneEvent('save', saved));
    expect(s.status).toBe('done');
    expect(s.output).toEqual(saved);
  });
});
