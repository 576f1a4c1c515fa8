/**
 * A complete, valid sign-up for Acme Health as the demo world defines its form (the Benefits and Claims templates'
 * mandatory fields filled), shared by the server tests, the end-to-end tests and the register benchmark.
 */
export const DEMO_QUESTION = 'What was the name of your first pet?';
export const NEW_PASSWORD = 'Sunflower-Meadow-42';

/** A complete, valid Acme sign-up (the Benefits and Claims templates' mandatory fields filled). */
export function acmeSignUp(email: string, over: Record<string, unknown> = {}) {
  return {
    clientId: 'acme',
    email,
    culture: 'es',
    fields: {
      FirstName: 'Lucía',
      LastName: 'Pérez',
      SocialSecurityNumber: '123456789',
      PhoneNumber: '(305) 555-0100',
      AddressLine1: '1 Ocean Drive',
      City: 'Miami',
      State: 'FL',
      ZipCode: '33139',
      EmployeeNumber: 'AC123456',
      AcceptTerms: 'true',
    },
    security: {
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
      securityQuestion: DEMO_QUESTION,
      securityAnswer: 'Rocky',
    },
    // Acme has published version 1 of its terms (docs/demo-world.md "Terms"): a sign-up accepts it.
    terms: { number: 1, culture: 'es' },
    ...over,
  };
}
