import * as v from 'valibot';
import {
  ClaimMappingSchema,
  IdentityProviderCreateSchema,
  IdentityProviderUpdateSchema,
  SamlAttributeMappingSchema,
  type IdentityProvider,
  type IdentityProviderCreate,
  type IdentityProviderKind,
  type IdentityProviderUpdate,
} from '@contracts/admin/identity-providers';
import { inputOfIssue } from '@contracts/forms/issues';

/** One row of the claim mapping as typed: the upstream claim (SAML: attribute) and the profile field it fills. */
export type ClaimRow = { claim: string; field: string };

/** Where a SAML provider's metadata comes from: an https address the server reads, or the XML pasted. */
export type MetadataSource = 'url' | 'xml';

/** The inputs of the identity-provider dialog (issue 31 item 1), as the person types them, for both kinds. */
export type IdentityProviderDraft = {
  kind: IdentityProviderKind;
  name: string;
  /** OpenID Connect. */
  issuer: string;
  clientId: string;
  /** Write-only: empty on every opening; on update an empty one keeps the stored secret. */
  clientSecret: string;
  scopes: string;
  /** SAML. */
  metadataSource: MetadataSource;
  metadataUrl: string;
  /** Write-only like the secret: on update an empty one keeps the stored metadata. */
  metadataXml: string;
  /** The portal client served (its SSOID names this provider); '' for none. */
  clientIdServed: string;
  claims: readonly ClaimRow[];
};

/** The inputs that take text (or a select's value); the claim rows are edited by their own changes. */
export type IdentityProviderField = Exclude<keyof IdentityProviderDraft, 'claims'>;
/** What can show a problem: an input, or the claim mapping as a whole. */
export type IdentityProviderProblemField = IdentityProviderField | 'claims';

export const oidcFields = ['issuer', 'clientId', 'clientSecret', 'scopes'] as const;
export const samlFields = ['metadataSource', 'metadataUrl', 'metadataXml'] as const;

/** The inputs each kind shows, in order. */
export const fieldsOf = (draft: Pick<IdentityProviderDraft, 'kind' | 'metadataSource'>): IdentityProviderField[] => [
  'kind',
  'name',
  ...(draft.kind === 'oidc'
    ? oidcFields
    : (['metadataSource', draft.metadataSource === 'url' ? 'metadataUrl' : 'metadataXml'] as const)),
  'clientIdServed',
];

/** A change of the draft: an input, a claim row's part, a new empty row, or a row removed. */
export type IdentityProviderChange =
  | { field: IdentityProviderField; value: string }
  | { row: number; part: keyof ClaimRow; value: string }
  | { claims: 'add' }
  | { claims: 'remove'; row: number };

export const MAX_CLAIMS = 20;

const DEFAULT_SCOPES = 'openid email profile';

export const emptyDraft: IdentityProviderDraft = {
  kind: 'oidc',
  name: '',
  issuer: '',
  clientId: '',
  clientSecret: '',
  scopes: DEFAULT_SCOPES,
  metadataSource: 'url',
  metadataUrl: '',
  metadataXml: '',
  clientIdServed: '',
  claims: [],
};

export function draftOf(provider: IdentityProvider | undefined): IdentityProviderDraft {
  if (provider === undefined) return emptyDraft;
  const common = {
    ...emptyDraft,
    kind: provider.kind,
    name: provider.name,
    clientIdServed: provider.clientIdServed ?? '',
    claims: Object.entries(provider.claimMapping).map(([claim, field]) => ({ claim, field })),
  };
  return provider.kind === 'oidc'
    ? { ...common, issuer: provider.issuer, clientId: provider.clientId, scopes: provider.scopes }
    : {
        ...common,
        metadataSource: provider.metadataUrl === null ? 'xml' : 'url',
        metadataUrl: provider.metadataUrl ?? '',
      };
}

/** Applies one change; on update the kind never changes (the server answers 400), nor with 20 rows one is added. */
export function applyChange(
  draft: IdentityProviderDraft,
  change: IdentityProviderChange,
  original: IdentityProvider | undefined,
): IdentityProviderDraft {
  if ('field' in change) {
    if (change.field === 'kind') {
      if (original !== undefined || (change.value !== 'oidc' && change.value !== 'saml')) return draft;
      return { ...draft, kind: change.value };
    }
    if (change.field === 'metadataSource' && change.value !== 'url' && change.value !== 'xml') return draft;
    return { ...draft, [change.field]: change.value };
  }
  if ('part' in change) {
    if (draft.claims[change.row] === undefined) return draft;
    return {
      ...draft,
      claims: draft.claims.map((row, i) => (i === change.row ? { ...row, [change.part]: change.value } : row)),
    };
  }
  if (change.claims === 'add')
    return draft.claims.length >= MAX_CLAIMS
      ? draft
      : { ...draft, claims: [...draft.claims, { claim: '', field: '' }] };
  return { ...draft, claims: draft.claims.filter((_, i) => i !== change.row) };
}

/** Which field a change touches (so only changed inputs show their problem). */
export const touchedBy = (change: IdentityProviderChange): IdentityProviderProblemField =>
  'field' in change ? change.field : 'claims';

const isBlankRow = (row: ClaimRow) => row.claim.trim() === '' && row.field === '';

/** The mapping as sent: rows left wholly blank are dropped. */
export const claimMappingOf = (draft: IdentityProviderDraft): Record<string, string> =>
  Object.fromEntries(draft.claims.filter((row) => !isBlankRow(row)).map((row) => [row.claim.trim(), row.field]));

/**
 * The claim rows the mapping refuses: half filled, a claim named twice, or a name the kind's contract refuses (a SAML
 * attribute may be a URI with `/` and `#`; an OIDC claim may not).
 */
export function claimRowProblems(draft: IdentityProviderDraft): number[] {
  const schema = draft.kind === 'saml' ? SamlAttributeMappingSchema : ClaimMappingSchema;
  const seen = new Map<string, number>();
  const problems: number[] = [];
  draft.claims.forEach((row, i) => {
    if (isBlankRow(row)) return;
    const name = row.claim.trim();
    const twice = seen.has(name);
    seen.set(name, i);
    if (twice || row.field === '' || !v.safeParse(schema, { [name]: row.field }).success) problems.push(i);
  });
  return problems;
}

const servedOf = (draft: IdentityProviderDraft) => (draft.clientIdServed === '' ? null : draft.clientIdServed);

export function createBody(draft: IdentityProviderDraft): IdentityProviderCreate {
  const common = { name: draft.name, claimMapping: claimMappingOf(draft), clientIdServed: servedOf(draft) };
  if (draft.kind === 'oidc')
    return {
      kind: 'oidc',
      ...common,
      issuer: draft.issuer,
      clientId: draft.clientId,
      clientSecret: draft.clientSecret,
      scopes: draft.scopes,
    } as IdentityProviderCreate;
  return {
    kind: 'saml',
    ...common,
    ...(draft.metadataSource === 'url' ? { metadataUrl: draft.metadataUrl } : { metadataXml: draft.metadataXml }),
  } as IdentityProviderCreate;
}

/**
 * PUT's body: a blank secret is left out (the stored one stays); SAML metadata is sent only when it changed (a new
 * address, or XML pasted), else the stored metadata stays.
 */
export function updateBody(draft: IdentityProviderDraft, original: IdentityProvider): IdentityProviderUpdate {
  const common = {
    name: draft.name,
    claimMapping: claimMappingOf(draft),
    clientIdServed: servedOf(draft),
    version: original.version,
  };
  if (original.kind === 'oidc')
    return {
      kind: 'oidc',
      ...common,
      issuer: draft.issuer,
      clientId: draft.clientId,
      scopes: draft.scopes,
      ...(draft.clientSecret.trim() === '' ? {} : { clientSecret: draft.clientSecret }),
    } as IdentityProviderUpdate;
  const metadata =
    draft.metadataSource === 'url'
      ? draft.metadataUrl.trim() === (original.metadataUrl ?? '')
        ? {}
        : { metadataUrl: draft.metadataUrl }
      : draft.metadataXml.trim() === ''
        ? {}
        : { metadataXml: draft.metadataXml };
  return { kind: 'saml', ...common, ...metadata } as IdentityProviderUpdate;
}

/**
 * The inputs the contract refuses (the same schema the server checks the body with), in input order, then `claims`
 * when a row is refused. An empty list means Save may be pressed.
 */
export function invalidFields(
  draft: IdentityProviderDraft,
  original: IdentityProvider | undefined,
): IdentityProviderProblemField[] {
  const result = original
    ? v.safeParse(IdentityProviderUpdateSchema, updateBody(draft, original))
    : v.safeParse(IdentityProviderCreateSchema, createBody(draft));
  const named = new Set<string>(
    result.success ? [] : result.issues.map(inputOfIssue).filter((key) => key !== undefined),
  );
  // A SAML body without metadata names metadataXml (the contract's one check): the input shown is the source chosen.
  if (named.has('metadataXml') && draft.metadataSource === 'url') named.add('metadataUrl');
  const fields: IdentityProviderProblemField[] = fieldsOf(draft).filter((field) => named.has(field));
  return named.has('claimMapping') || claimRowProblems(draft).length > 0 ? [...fields, 'claims'] : fields;
}

/** On update the kind never changes. */
export const isReadOnly = (field: IdentityProviderField, original: IdentityProvider | undefined): boolean =>
  original !== undefined && field === 'kind';
