interface DemoTemplateField {
  field: string;
  mandatory?: boolean;
  hidden?: boolean;
  adminField?: boolean;
  lockForRoles?: readonly string[];
}

interface DemoTemplate {
  name: string;
  isDefault: boolean;
  fields: readonly DemoTemplateField[];
}

/** Templates (demo-world.md "Fields and templates"); the order of `fields` is the display order. */
export const demoTemplates: readonly DemoTemplate[] = [
  {
    name: 'Default',
    isDefault: true,
    fields: [
      { field: 'FirstName', mandatory: true },
      { field: 'LastName', mandatory: true },
      { field: 'PhoneNumber' },
      { field: 'PreferredContact' },
      { field: 'AcceptTerms', mandatory: true },
    ],
  },
  {
    name: 'Benefits enrolment',
    isDefault: false,
    fields: [
      { field: 'ContactDetailsHeading' },
      { field: 'FirstName', mandatory: true },
      { field: 'LastName', mandatory: true },
      { field: 'SocialSecurityNumber', mandatory: true, lockForRoles: ['agent'] },
      { field: 'PhoneNumber', mandatory: true },
      { field: 'AddressLine1', mandatory: true },
      { field: 'AddressLine2' },
      { field: 'City', mandatory: true },
      { field: 'State', mandatory: true },
      { field: 'ZipCode', mandatory: true },
      { field: 'PreferredContact' },
      { field: 'Newsletter' },
      { field: 'EmployeeNumber', hidden: true, adminField: true },
      // Only here (Claims places no such field), so it stays admin-only on Umbrella's form and its import template.
      { field: 'AccountManager', hidden: true, adminField: true },
      { field: 'AcceptTerms', mandatory: true },
    ],
  },
  {
    name: 'Claims',
    isDefault: false,
    fields: [
      { field: 'FirstName', mandatory: true },
      { field: 'LastName', mandatory: true },
      { field: 'EmployeeNumber', mandatory: true },
      { field: 'PhoneNumber' },
    ],
  },
];
