import type { UserRow } from '@contracts/users';

/** Person number n of Acme Health as the users grid lists them: an ordinary user unless `overrides` say otherwise. */
export const userRow = (n: number, overrides: Partial<UserRow> = {}): UserRow => ({
  id: `p${String(n)}`,
  clientId: 'acme',
  clientName: 'Acme Health',
  email: `person${String(n)}@acme.test`,
  login: `ACME__person${String(n)}@acme.test`,
  firstName: 'Person',
  lastName: `Number${String(n).padStart(2, '0')}`,
  isAulAdmin: false,
  isClientAdmin: false,
  ssoUser: false,
  version: 1,
  ...overrides,
});
