/**
 * The people of "Initech Workforce", the demo world's upstream OpenID provider (docs/demo-world.md "Single sign-on:
 * Initech"). They exist only there: Gatehouse provisions each into the client Initech at their first sign-in.
 */
export interface UpstreamPerson {
  /** The upstream's stable subject: what Gatehouse links the person by. */
  sub: string;
  email: string;
  givenName: string;
  familyName: string;
}

/** Every Initech Workforce person's password at the demo upstream (the demo world's, docs/demo-world.md). */
export { DEMO_PASSWORD as DEMO_UPSTREAM_PASSWORD } from '../db/seed';

export const demoUpstreamPeople: readonly UpstreamPerson[] = [
  { sub: 'initech-1001', email: 'peter@initech.test', givenName: 'Peter', familyName: 'Gibbons' },
  { sub: 'initech-1002', email: 'milton@initech.test', givenName: 'Milton', familyName: 'Waddams' },
  { sub: 'initech-1003', email: 'samir@initech.test', givenName: 'Samir', familyName: 'Nagheenanajar' },
];

export const upstreamPersonBySub = (sub: string) => demoUpstreamPeople.find((person) => person.sub === sub);

export const upstreamPersonByEmail = (email: string) =>
  demoUpstreamPeople.find((person) => person.email.toLowerCase() === email.trim().toLowerCase());
