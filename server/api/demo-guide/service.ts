import type { DemoGuide } from '@contracts/demo-guide';
import { demoBrands } from '../../db/seed/world/branding';
import { DEMO_PASSWORD, demoPeople } from '../../db/seed/world/people';

/** The demo people as the login page's guide lists them, from the same data the demo world is seeded from. */
export function demoGuide(): DemoGuide {
  return {
    people: demoPeople.map((person) => ({
      signInAs: person.signInAs,
      name: `${person.firstName} ${person.lastName}`,
      client: demoBrands[person.client].name,
      role: person.guide.role,
      landsOn: person.guide.landsOn,
    })),
    password: DEMO_PASSWORD,
  };
}
