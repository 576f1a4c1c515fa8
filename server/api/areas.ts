import type { FastifyInstance } from 'fastify';
import { agentPeopleArea } from './agent-people/routes';
import { accessRequestsArea } from './access-requests/routes';
import { apiTokensArea } from './api-tokens/routes';
import { eventHooksArea } from './event-hooks/routes';
import { applicationsArea } from './applications/routes';
import { registerArea, type ApiArea, type ApiDeps } from './area';
import { clientApplicationsArea } from './client-applications/routes';
import { clientsArea } from './clients/routes';
import { dashboardArea } from './dashboard/routes';
import { demoGuideArea } from './demo-guide/routes';
import { auditLogArea } from './audit-log/routes';
import { errorLogAdminArea } from './error-log/admin-routes';
import { errorLogArea } from './error-log/routes';
import { faqArea } from './faq/routes';
import { fieldsArea } from './fields/routes';
import { healthArea } from './health/routes';
import { instanceArea } from './instance/routes';
import { invitationCheckArea } from './invitations/decrypt-route';
import { invitationsArea } from './invitations/routes';
import { otpRedeemArea, otpTokenArea } from './otp-tokens/routes';
import { outboxArea } from './outbox/routes';
import { passwordResetArea } from './password-reset/routes';
import { identityArea } from './identity/routes';
import { identityProvidersArea } from './identity-providers/routes';
import { myAccountArea } from './my-account/routes';
import { profileArea } from './profile/routes';
import { resourceEditArea } from './resource-edit/routes';
import { resourcesArea } from './resources/routes';
import { signUpArea } from './sign-up/routes';
import { templatesArea } from './templates/routes';
import { termsAcceptanceArea, termsArea, termsPublicArea } from './terms/routes';
import { userImportArea } from './user-import/routes';
import { usersArea } from './users/routes';

/** Every area of the portal API. A new area is a folder under server/api/ and one line here. */
export const apiAreas: readonly ApiArea[] = [
  healthArea,
  identityArea,
  otpTokenArea,
  otpRedeemArea,
  demoGuideArea,
  profileArea,
  myAccountArea,
  accessRequestsArea,
  instanceArea,
  signUpArea,
  invitationCheckArea,
  passwordResetArea,
  outboxArea,
  errorLogArea,
  resourcesArea,
  resourceEditArea,
  faqArea,
  termsArea,
  termsPublicArea,
  termsAcceptanceArea,
  applicationsArea,
  clientsArea,
  clientApplicationsArea,
  fieldsArea,
  templatesArea,
  userImportArea,
  usersArea,
  agentPeopleArea,
  invitationsArea,
  auditLogArea,
  errorLogAdminArea,
  dashboardArea,
  apiTokensArea,
  eventHooksArea,
  identityProvidersArea,
];

/** Registers the portal API: each area in its own scope, under its own guard (server/api/area.ts). */
export function registerApi(parent: FastifyInstance, deps: ApiDeps): void {
  for (const area of apiAreas) registerArea(parent, area, deps);
}
