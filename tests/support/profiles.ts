import type { ProfileApplication, UserProfile } from '@contracts/profile';

/** An application of the demo world's shape, with only what a test names changed. */
export const application = (overrides: Partial<ProfileApplication> = {}): ProfileApplication => ({
  id: 'app-benefits',
  name: 'Benefits Center',
  alias: 'benefits',
  applicationLink: '/demo-apps/benefits?user={userName}&culture={culture}&client={clientId}&role={appRole}',
  iconIdentifier: 'heart-pulse',
  defaultRedirect: false,
  roleValue: 'Member',
  ...overrides,
});

export const claims = application({
  id: 'app-claims',
  name: 'Claims Portal',
  alias: 'claims',
  applicationLink: '/demo-apps/claims?user={userName}',
  iconIdentifier: 'file-text',
  roleValue: 'Viewer',
});

/** Maria of Acme (demo-world.md): a user with two applications. */
export const profile = (overrides: Partial<UserProfile> = {}): UserProfile => ({
  userId: 'user-maria',
  userName: 'maria@acme.test',
  firstName: 'María',
  lastName: 'García',
  fullName: 'María García',
  email: 'maria@acme.test',
  culture: 'es',
  countryCode: 'MX',
  telephoneNumber: null,
  clientId: 'client-acme',
  clientName: 'Acme Health',
  portalAlias: 'acme',
  applications: [application(), claims],
  applicationRoles: [
    { application: 'Benefits Center', roleValue: 'Member' },
    { application: 'Claims Portal', roleValue: 'Viewer' },
  ],
  fields: [{ fieldName: 'EmployeeNumber', value: 'AC 1/2' }],
  isAulAdmin: false,
  aulApplicationName: null,
  clientRestrictionFilter: null,
  role: 'user',
  expiresAt: null,
  ...overrides,
});
