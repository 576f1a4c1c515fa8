import type { ClientApplication, ClientApplicationTemplate } from '@contracts/admin/client-applications';
import type { Client, CmsClient } from '@contracts/admin/clients';
import type { Template } from '@contracts/admin/templates';
import { ApiError } from '@contracts/failures';

/** Ids are UUIDs because the contracts check them (cmsClientId, templateId). */
export const ids = {
  acme: '0b5b8c2e-1f0a-4f7e-9a52-7d1c6a2b3c01',
  newClient: '0b5b8c2e-1f0a-4f7e-9a52-7d1c6a2b3c02',
  siteAcme: '5a1f2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c01',
  benefits: 'a1a1a1a1-1111-4111-8111-111111111111',
  claims: 'a2a2a2a2-2222-4222-8222-222222222222',
  wellness: 'a3a3a3a3-3333-4333-8333-333333333333',
  acmeBenefits: 'ca000000-0000-4000-8000-000000000001',
  defaultTemplate: 'd0000000-0000-4000-8000-000000000000',
  memberTemplate: 'd0000000-0000-4000-8000-000000000001',
  agentTemplate: 'd0000000-0000-4000-8000-000000000002',
} as const;

export const acme = (overrides: Partial<Client> = {}): Client => ({
  id: ids.acme,
  name: 'Acme Health',
  portalAlias: 'acme',
  oktaPrefix: 'ACME',
  autoSignUp: false,
  allowAccountClosing: true,
  recaptchaFeatureEnabled: true,
  cmsClientId: ids.siteAcme,
  ssoId: null,
  scimSignIn: 'activationMail',
  version: 3,
  ...overrides,
});

export const cmsSites: CmsClient[] = [
  { id: ids.siteAcme, name: 'Acme site', sitefinitySiteId: null, parentSitefinitySiteId: null },
];

const clientApplication = (overrides: Partial<ClientApplication>): ClientApplication => ({
  id: null,
  clientId: ids.acme,
  clientName: 'Acme Health',
  applicationId: ids.benefits,
  applicationName: 'Benefits Center',
  regionId: 'r1',
  templateId: null,
  displayOrder: 0,
  oktaContainer: null,
  oktaContainerLabel: null,
  rolesApiUrl: null,
  active: false,
  version: null,
  ...overrides,
});

/** Acme's view of the catalogue: Benefits active with a template, Claims never activated, Wellness active without one. */
export const acmeApplications = (): ClientApplication[] => [
  clientApplication({ id: ids.acmeBenefits, templateId: ids.memberTemplate, active: true, version: 2 }),
  clientApplication({ applicationId: ids.claims, applicationName: 'Claims Portal', displayOrder: 1 }),
  clientApplication({
    id: 'ca000000-0000-4000-8000-000000000003',
    applicationId: ids.wellness,
    applicationName: 'Wellness Hub',
    active: true,
    version: 1,
    displayOrder: 2,
  }),
];

/** A new client's view: nothing active yet. */
export const freshApplications = (clientId: string): ClientApplication[] =>
  acmeApplications().map((app) => ({ ...app, clientId, id: null, templateId: null, active: false, version: null }));

export const templates: Template[] = [
  { id: ids.defaultTemplate, name: 'Base form', default: true, fieldCount: 10, version: 1 },
  { id: ids.memberTemplate, name: 'Member form', default: false, fieldCount: 12, version: 1 },
  { id: ids.agentTemplate, name: 'Agent form', default: false, fieldCount: 8, version: 1 },
];

export const benefitsTemplate = (overrides: Partial<ClientApplicationTemplate> = {}): ClientApplicationTemplate => ({
  id: ids.acmeBenefits,
  templateId: ids.memberTemplate,
  oktaContainer: 'acme-benefits',
  oktaContainerLabel: 'Benefits',
  rolesApiUrl: null,
  excludedRoles: [],
  roleOptions: ['Member', 'Agent', 'Administrator'],
  version: 2,
  ...overrides,
});

export const apiError = (status: number, code: string, message: string) =>
  new ApiError({ status, code, message, requestId: 'req-1' });
export const staleUpdate = () => apiError(409, 'stale_update', 'The record was changed by someone else.');
export const aliasTaken = () => apiError(409, 'conflict', 'portalAlias: already used by another client');
