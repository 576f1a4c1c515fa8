import type { Application } from './admin/applications';
import type { Client } from './admin/clients';
import type { FaqEntry } from './admin/faq';
import type { IdentityProvider } from './admin/identity-providers';
import type { Field } from './admin/fields';
import type { Template } from './admin/templates';
import type { TermsAcceptanceRow } from './terms';
import type { CsvColumn } from './csv';
import type { UserRow } from './users';

/*
 * The columns of each admin grid's CSV export (issue 16; public-and-profile §5 "Other"), a contract with whoever reads
 * the files: the headers are stable English names, not the grid's translated captions, so a script that reads an
 * export works whatever the exporter's language (docs/api.md "Exports"). The catalogue grids write theirs in the
 * browser from the rows on screen; the users' export is written by the server.
 */

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

export const applicationCsv: readonly CsvColumn<Application>[] = [
  ['Name', (row) => row.applicationName],
  ['Alias', (row) => row.alias ?? ''],
  ['Region', (row) => row.regionName],
  ['Link', (row) => row.applicationLink],
  ['Icon', (row) => row.iconIdentifier],
  ['Default role', (row) => row.defaultRoleValue],
];

export const clientCsv: readonly CsvColumn<Client>[] = [
  ['Name', (row) => row.name],
  ['Portal alias', (row) => row.portalAlias],
  ['Okta prefix', (row) => row.oktaPrefix],
  ['Id', (row) => row.id],
  ['Auto sign-up', (row) => yesNo(row.autoSignUp)],
  ['Account closing', (row) => yesNo(row.allowAccountClosing)],
  ['CMS client', (row) => row.cmsClientId ?? ''],
  ['SSOID', (row) => row.ssoId ?? ''],
  ['SCIM sign-in', (row) => row.scimSignIn],
];

/** The federation registry (issue 31 item 1): never a secret, only whether one is set. */
export const identityProviderCsv: readonly CsvColumn<IdentityProvider>[] = [
  ['Name', (row) => row.name],
  ['Id', (row) => row.id],
  ['Protocol', (row) => row.kind],
  ['Upstream', (row) => (row.kind === 'oidc' ? row.issuer : row.entityId)],
  ['Client served', (row) => row.clientNameServed ?? ''],
  [
    'Claim mapping',
    (row) =>
      Object.entries(row.claimMapping)
        .map(([claim, field]) => `${claim}=${field}`)
        .join(' '),
  ],
];

export const fieldCsv: readonly CsvColumn<Field>[] = [
  ['Dictionary name', (row) => row.dictionaryName],
  ['Data type', (row) => row.dataType],
  ['Length', (row) => String(row.dataLength)],
  ['Meta tag', (row) => row.metaTag ?? ''],
  ['Description', (row) => row.fieldDescription],
  ['Disabled', (row) => yesNo(row.disable)],
  ['Default value', (row) => row.defaultValue ?? ''],
  ['Validation pattern', (row) => row.validationRegex ?? ''],
  ['Options', (row) => row.subfields.map((option) => option.subDictionaryName).join('; ')],
];

export const templateCsv: readonly CsvColumn<Template>[] = [
  ['Name', (row) => row.name],
  ['Default', (row) => yesNo(row.default)],
  ['Fields', (row) => String(row.fieldCount)],
];

export const faqCsv: readonly CsvColumn<FaqEntry>[] = [
  ['Part', (row) => row.part],
  ['Section', (row) => row.section],
  ['Question', (row) => row.header],
  ['Tags', (row) => row.tags],
  ['Order', (row) => String(row.order)],
  ['Answer', (row) => row.questionText],
];

const roleOf = (row: UserRow) =>
  row.isAulAdmin ? 'Provider administrator' : row.isClientAdmin ? 'Client administrator' : '';

export const userCsv: readonly CsvColumn<UserRow>[] = [
  ['First name', (row) => row.firstName],
  ['Last name', (row) => row.lastName],
  ['Email', (row) => row.email],
  ['Login', (row) => row.login],
  ['Client', (row) => row.clientName],
  ['Role', roleOf],
  ['SSO', (row) => yesNo(row.ssoUser)],
];

/** Who accepted which version of a client's terms (GET Terms/:clientId/Acceptances; issue 34 item 2). */
export const termsAcceptanceCsv: readonly CsvColumn<TermsAcceptanceRow>[] = [
  ['Email', (row) => row.email],
  ['First name', (row) => row.firstName],
  ['Last name', (row) => row.lastName],
  ['Version', (row) => String(row.number)],
  ['Culture', (row) => row.culture],
  ['Accepted at', (row) => row.acceptedAt.toISOString()],
  ['Address', (row) => row.address],
];
