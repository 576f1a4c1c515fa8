import type { ApiToken, ApiTokenCreated, ApiTokenOwner } from '@contracts/admin/api-tokens';
import type { ApiTokensData } from '@machines/api-tokens/api-tokens.machine';

/** API-token test data (issue 33 item 1): a provider administrator and a client administrator who may own tokens. */
export const tokenOwners: ApiTokenOwner[] = [
  {
    id: '11111111-1111-4111-8111-111111111111',
    login: 'AUL__admin@gatehouse.test',
    name: 'Ada Admin',
    role: 'admin',
    clientName: null,
  },
  {
    id: '22222222-2222-4222-8222-222222222222',
    login: 'ACME__clientadmin@acme.test',
    name: 'Carl Client',
    role: 'clientadmin',
    clientName: 'Acme Health',
  },
];

export const apiToken = (overrides: Partial<ApiToken> = {}): ApiToken => ({
  id: '33333333-3333-4333-8333-333333333333',
  name: 'HR feed',
  ownerId: tokenOwners[0]?.id ?? '',
  ownerLogin: 'AUL__admin@gatehouse.test',
  createdBy: 'AUL__admin@gatehouse.test',
  createdAt: '2026-11-01T10:00:00.000Z',
  lastUsedAt: null,
  expiresAt: '2027-01-30T10:00:00.000Z',
  revokedAt: null,
  rateLimitPerMinute: 600,
  status: 'active',
  ...overrides,
});

export const tokensData = (tokens: ApiToken[] = [apiToken()]): ApiTokensData => ({ tokens, owners: tokenOwners });

export const createdToken = (name = 'Payroll'): ApiTokenCreated => ({
  token: apiToken({ id: '44444444-4444-4444-8444-444444444444', name }),
  value: '00abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMN',
});
