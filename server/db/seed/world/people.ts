import type { Culture } from '@contracts/culture';
import type { DemoLanding, DemoRole } from '@contracts/demo-guide';
import { ADMIN_APPLICATION_NAME, type DemoApplicationName } from './portal';
import type { ClientPrefix } from './types';

/** Password of every demo account (demo-world.md); the identity provider's seed sets it. */
export const DEMO_PASSWORD = 'Gatehouse-demo-2026!';

/**
 * User domain appended to a 5-digit agent id to make the agent's login (spec "Login username": "A 5-digit agent id
 * also gets a fixed user-domain suffix"): agent 48213 of Umbrella signs in as `AULUMB__48213@agents.gatehouse.test`.
 */
export const AGENT_USER_DOMAIN = '@agents.gatehouse.test';

/** The identity-provider login of a person: the client's prefix, two underscores, the e-mail. */
export const idpLoginOf = (oktaPrefix: string, email: string) => `${oktaPrefix}__${email}`;

interface DemoPerson {
  client: ClientPrefix;
  /** What the person types (an e-mail, or the agent id). */
  signInAs: string;
  email: string;
  firstName: string;
  lastName: string;
  culture: Culture;
  countryCode: string;
  telephone: string;
  isAulAdmin?: boolean;
  clientRestrictionFilter?: string;
  roles: Partial<Record<DemoApplicationName, string>>;
  /**
   * Values of profile fields, by dictionary name: every field their client's form requires of them (tests/server/db/
   * demo-profiles.test.ts), so each can save their own profile as seeded (issue 29 §4).
   */
  fieldValues: Record<string, string>;
  /** What the login page's demo guide says of the person (who they are, where they land); e2e proves the landing. */
  guide: { role: DemoRole; landsOn: DemoLanding };
}

/** The six people of demo-world.md "People". */
export const demoPeople: readonly DemoPerson[] = [
  {
    client: 'AUL',
    signInAs: 'admin@gatehouse.test',
    guide: { role: 'providerAdmin', landsOn: { kind: 'adminArea' } },
    email: 'admin@gatehouse.test',
    firstName: 'Jordan',
    lastName: 'Ellis',
    culture: 'en-us',
    countryCode: 'US',
    telephone: '(512) 555-0142',
    isAulAdmin: true,
    roles: { [ADMIN_APPLICATION_NAME]: 'Admin' },
    fieldValues: {
      FirstName: 'Jordan',
      LastName: 'Ellis',
      PhoneNumber: '(512) 555-0142',
      PreferredContact: 'EMAIL',
      AcceptTerms: 'true',
    },
  },
  {
    client: 'ACME',
    signInAs: 'clientadmin@acme.test',
    guide: { role: 'clientAdmin', landsOn: { kind: 'adminArea' } },
    email: 'clientadmin@acme.test',
    firstName: 'Priya',
    lastName: 'Raman',
    culture: 'en-us',
    countryCode: 'US',
    telephone: '(617) 555-0187',
    clientRestrictionFilter: 'AUL__ACME',
    roles: { 'Benefits Center': 'Member' },
    fieldValues: {
      FirstName: 'Priya',
      LastName: 'Raman',
      SocialSecurityNumber: '214876503',
      PhoneNumber: '(617) 555-0187',
      AddressLine1: '100 Summer Street',
      City: 'Boston',
      State: 'MA',
      ZipCode: '02110',
      EmployeeNumber: 'AC104233',
      AcceptTerms: 'true',
    },
  },
  {
    client: 'ACME',
    signInAs: 'maria@acme.test',
    guide: { role: 'member', landsOn: { kind: 'board' } },
    email: 'maria@acme.test',
    firstName: 'María',
    lastName: 'González',
    culture: 'es',
    countryCode: 'US',
    telephone: '(305) 555-0119',
    roles: { 'Benefits Center': 'Member', 'Claims Portal': 'Viewer' },
    fieldValues: {
      FirstName: 'María',
      LastName: 'González',
      SocialSecurityNumber: '583029174',
      PhoneNumber: '(305) 555-0119',
      AddressLine1: '2450 Coral Way',
      AddressLine2: 'Apt 3B',
      City: 'Miami',
      State: 'FL',
      ZipCode: '33145',
      PreferredContact: 'PHONE',
      Newsletter: 'true',
      EmployeeNumber: 'AC208871',
      AcceptTerms: 'true',
    },
  },
  {
    client: 'GLBX',
    signInAs: 'sam@globex.test',
    guide: { role: 'member', landsOn: { kind: 'application', application: 'Payroll Online' } },
    email: 'sam@globex.test',
    firstName: 'Sam',
    lastName: 'Whitaker',
    culture: 'en-us',
    countryCode: 'US',
    telephone: '(312) 555-0164',
    roles: { 'Payroll Online': 'Employee' },
    fieldValues: { FirstName: 'Sam', LastName: 'Whitaker', PhoneNumber: '(312) 555-0164', AcceptTerms: 'true' },
  },
  {
    client: 'AULUMB',
    signInAs: '48213',
    guide: { role: 'agent', landsOn: { kind: 'application', application: 'Benefits Center' } },
    email: `48213${AGENT_USER_DOMAIN}`,
    firstName: 'Dana',
    lastName: 'Brooks',
    culture: 'en-us',
    countryCode: 'US',
    telephone: '(214) 555-0176',
    roles: { 'Benefits Center': 'Agent', 'Claims Portal': 'Agent' },
    fieldValues: {
      FirstName: 'Dana',
      LastName: 'Brooks',
      // Locked for agents in Benefits enrolment: the seed fills it, as Dana could not.
      SocialSecurityNumber: '417392058',
      PhoneNumber: '(214) 555-0176',
      AddressLine1: '1200 Main Street',
      City: 'Dallas',
      State: 'TX',
      ZipCode: '75202',
      EmployeeNumber: 'UM300417',
      AcceptTerms: 'true',
    },
  },
  {
    client: 'AULUMB',
    signInAs: 'lee@umbrella.test',
    guide: { role: 'member', landsOn: { kind: 'application', application: 'Benefits Center' } },
    email: 'lee@umbrella.test',
    firstName: 'Lee',
    lastName: 'Chen',
    culture: 'en-us',
    countryCode: 'US',
    telephone: '(206) 555-0133',
    roles: { 'Benefits Center': 'Member' },
    fieldValues: {
      FirstName: 'Lee',
      LastName: 'Chen',
      SocialSecurityNumber: '529184736',
      PhoneNumber: '(206) 555-0133',
      AddressLine1: '400 Pine Street',
      City: 'Seattle',
      State: 'WA',
      ZipCode: '98101',
      EmployeeNumber: 'UM300522',
      AcceptTerms: 'true',
    },
  },
];
