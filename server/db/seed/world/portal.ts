import type { Culture } from '@contracts/culture';
import type { ClientPrefix } from './types';

/** Regions applications are grouped by. */
export const demoRegions = ['North America', 'Latin America', 'Europe'] as const;
type Region = (typeof demoRegions)[number];

/** Sites of the content-management system; client sites hang under the provider's corporate site. */
export const demoCmsSites = [
  { name: 'Gatehouse corporate site', sitefinitySiteId: '4d2f8c1a-6b0e-4a57-9f33-2c8e1d7b5a10', parent: null },
  {
    name: 'Acme Health member site',
    sitefinitySiteId: '8a61e0d4-3f2b-4c9e-b7a5-91d0c6e2f348',
    parent: 'Gatehouse corporate site',
  },
  {
    name: 'Globex Retail staff site',
    sitefinitySiteId: 'c3b79f52-0e1d-4a86-8d24-5f6a0b9e7c21',
    parent: 'Gatehouse corporate site',
  },
  {
    name: 'Umbrella Agents site',
    sitefinitySiteId: '1f0e9d8c-7b6a-4c5d-9e4f-3a2b1c0d9e8f',
    parent: 'Gatehouse corporate site',
  },
  {
    name: 'Initech intranet',
    sitefinitySiteId: '5e2a7c90-4d1b-4f63-a8e2-0b9c3d6f1a47',
    parent: 'Gatehouse corporate site',
  },
] as const;
type CmsSiteName = (typeof demoCmsSites)[number]['name'];

interface DemoClient {
  name: string;
  oktaPrefix: ClientPrefix;
  portalAlias: string;
  autoSignUp: boolean;
  defaultCulture: Culture;
  cmsSite: CmsSiteName;
}

/**
 * The provider and its four client organisations (demo-world.md "Clients"). Initech's people sign in only at its own
 * identity provider, "Initech Workforce" (its SSOID, set at start by server/demo-upstream/seed.ts): nobody of Initech
 * is seeded here; each is provisioned at their first single sign-on.
 */
export const demoClients: readonly DemoClient[] = [
  {
    name: 'Gatehouse Provider',
    oktaPrefix: 'AUL',
    portalAlias: 'provider',
    autoSignUp: false,
    defaultCulture: 'en-us',
    cmsSite: 'Gatehouse corporate site',
  },
  {
    name: 'Acme Health',
    oktaPrefix: 'ACME',
    portalAlias: 'acme',
    autoSignUp: true,
    defaultCulture: 'en-us',
    cmsSite: 'Acme Health member site',
  },
  {
    name: 'Globex Retail',
    oktaPrefix: 'GLBX',
    portalAlias: 'globex',
    autoSignUp: false,
    defaultCulture: 'en-us',
    cmsSite: 'Globex Retail staff site',
  },
  {
    name: 'Umbrella Agents',
    oktaPrefix: 'AULUMB',
    portalAlias: 'umbrella',
    autoSignUp: true,
    defaultCulture: 'en-us',
    cmsSite: 'Umbrella Agents site',
  },
  {
    name: 'Initech',
    oktaPrefix: 'INITECH',
    portalAlias: 'initech',
    autoSignUp: false,
    defaultCulture: 'en-us',
    cmsSite: 'Initech intranet',
  },
];

/** The admin portal is itself an application: people reach it from the board like any other. */
export const ADMIN_APPLICATION_NAME = 'AUL Application';

/** Demo links point at the stand-in page the server serves, which shows the placeholders it received. */
export const demoAppLink = (alias: string) =>
  `/demo-apps/${alias}?user={userName}&culture={culture}&client={clientId}&role={appRole}`;

interface DemoApplication {
  name: string;
  alias: string;
  region: Region;
  iconIdentifier: string;
  defaultRoleValue: string;
  link: string;
}

export const demoApplications = [
  {
    name: ADMIN_APPLICATION_NAME,
    alias: 'aul',
    region: 'North America',
    iconIdentifier: 'layout-dashboard',
    defaultRoleValue: 'User',
    link: '/',
  },
  {
    name: 'Benefits Center',
    alias: 'benefits',
    region: 'North America',
    iconIdentifier: 'heart-pulse',
    defaultRoleValue: 'Member',
    link: demoAppLink('benefits'),
  },
  {
    name: 'Claims Portal',
    alias: 'claims',
    region: 'North America',
    iconIdentifier: 'file-text',
    defaultRoleValue: 'Viewer',
    link: demoAppLink('claims'),
  },
  {
    name: 'Wellness Hub',
    alias: 'wellness',
    region: 'Europe',
    iconIdentifier: 'activity',
    defaultRoleValue: 'Participant',
    link: demoAppLink('wellness'),
  },
  {
    name: 'Payroll Online',
    alias: 'payroll',
    region: 'Latin America',
    iconIdentifier: 'wallet',
    defaultRoleValue: 'Employee',
    link: demoAppLink('payroll'),
  },
] as const satisfies readonly DemoApplication[];
export type DemoApplicationName = (typeof demoApplications)[number]['name'];

/**
 * The roles each demo application offers, by alias: what its role URL answers (`GET ApplicationRoles/{alias}`,
 * served by Gatehouse itself so the role steps of the profile form work on `npm start` with no outside system).
 */
export const demoApplicationRoles: Readonly<Record<string, readonly string[]>> = {
  aul: ['User', 'Admin'],
  benefits: ['Member', 'Agent', 'Administrator'],
  claims: ['Viewer', 'Submitter', 'Agent'],
  wellness: ['Participant', 'Coach'],
  payroll: ['Employee', 'Manager'],
};

/** The role URL of a demo client application (placeholders substituted by the SPA, spec §9). */
export const demoRolesApiUrl = (alias: string) => `/api/v1/ApplicationRoles/${alias}?clientId={clientId}`;

interface DemoClientApplication {
  client: ClientPrefix;
  application: DemoApplicationName;
  active: boolean;
  template: string | null;
  defaultRedirect?: boolean;
  oktaContainer: string | null;
  oktaContainerLabel: string | null;
  /** The site rules' excluded roles here (spec §3 Rules.ExcludeRoles): offered to nobody but the person themselves. */
  excludedRoles?: readonly string[];
}

/**
 * Which client offers which application (demo-world.md). Inactive rows show the Active checkbox of the client
 * dialog: Acme no longer offers Payroll Online, Globex trialled Wellness Hub and switched it off.
 */
export const demoClientApplications: readonly DemoClientApplication[] = [
  {
    client: 'AUL',
    application: ADMIN_APPLICATION_NAME,
    active: true,
    template: null,
    oktaContainer: 'AUL-Admins',
    oktaContainerLabel: 'Gatehouse administrators',
  },
  {
    client: 'ACME',
    application: 'Benefits Center',
    active: true,
    template: 'Benefits enrolment',
    // Acme grants Benefits Center administrators itself, outside the portal: no role list offers the role.
    excludedRoles: ['Administrator'],
    oktaContainer: 'ACME-Benefits',
    oktaContainerLabel: 'Acme Health · Benefits Center',
  },
  {
    client: 'ACME',
    application: 'Claims Portal',
    active: true,
    template: 'Claims',
    oktaContainer: 'ACME-Claims',
    oktaContainerLabel: 'Acme Health · Claims Portal',
  },
  {
    client: 'ACME',
    application: 'Wellness Hub',
    active: true,
    template: null,
    oktaContainer: 'ACME-Wellness',
    oktaContainerLabel: 'Acme Health · Wellness Hub',
  },
  {
    client: 'ACME',
    application: 'Payroll Online',
    active: false,
    template: null,
    oktaContainer: null,
    oktaContainerLabel: null,
  },
  {
    client: 'GLBX',
    application: 'Payroll Online',
    active: true,
    template: null,
    oktaContainer: 'GLBX-Payroll',
    oktaContainerLabel: 'Globex Retail · Payroll Online',
  },
  {
    client: 'GLBX',
    application: 'Wellness Hub',
    active: false,
    template: null,
    oktaContainer: null,
    oktaContainerLabel: null,
  },
  {
    client: 'AULUMB',
    application: 'Benefits Center',
    active: true,
    template: 'Benefits enrolment',
    defaultRedirect: true,
    oktaContainer: 'AULUMB-Benefits',
    oktaContainerLabel: 'Umbrella Agents · Benefits Center',
  },
  {
    client: 'AULUMB',
    application: 'Claims Portal',
    active: true,
    template: 'Claims',
    oktaContainer: 'AULUMB-Claims',
    oktaContainerLabel: 'Umbrella Agents · Claims Portal',
  },
  // Two applications without a form: a person provisioned at their first single sign-on lands on the board.
  {
    client: 'INITECH',
    application: 'Payroll Online',
    active: true,
    template: null,
    oktaContainer: 'INITECH-Payroll',
    oktaContainerLabel: 'Initech · Payroll Online',
  },
  {
    client: 'INITECH',
    application: 'Wellness Hub',
    active: true,
    template: null,
    oktaContainer: 'INITECH-Wellness',
    oktaContainerLabel: 'Initech · Wellness Hub',
  },
];
