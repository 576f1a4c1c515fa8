/**
 * Page keys of the spec (public-and-profile §2 "Page-key constants"): the pages that load their own resources. The
 * SPA loads a page's components (`aggregatedByPage`); the server answers the same bundle as `resource/{view}`.
 */
export const pageKeys = [
  'signup',
  'login',
  'faq',
  'index',
  'application',
  'client',
  'field',
  'template',
  'profile',
  'board',
  'manageUsers',
  // Beyond the spec's constants: an agent's Find a person (issue 30), whose dialog hosts the profile form.
  'findPerson',
  // Beyond the spec's constants: the FAQ editor of the admin area (issue 11).
  'faqEditor',
  // The audit and error logs of the admin area (issue 13).
  'auditLog',
  'errorLog',
  // The API tokens of the admin area (issue 33 item 1).
  'apiTokens',
  // The federation registry of the admin area (issue 31 item 1).
  'identityProviders',
  // The terms editor of the admin area (issue 34 item 2).
  'termsEditor',
] as const;
export type PageKey = (typeof pageKeys)[number];

/**
 * The resource components each page loads besides `Global`: the first segments of its label keys
 * (`Login_Text_Title` → `Login`). The board has no labels of its own yet; its component is reserved for them.
 */
export const pageComponents: Record<PageKey, readonly string[]> = {
  signup: ['SignUp', 'Instance', 'Security', 'FormField'],
  login: ['Login'],
  faq: ['Faq'],
  index: ['Dashboard'],
  application: ['Application'],
  client: ['Client', 'ClientApplication'],
  field: ['Field'],
  template: ['Template'],
  profile: ['Instance', 'Security', 'FormField'],
  board: ['Board'],
  // The user dialog hosts the profile form: its field captions and (Agent mode) its Security step.
  manageUsers: ['Instance', 'Import', 'Security', 'FormField'],
  findPerson: ['Instance', 'Security', 'FormField'],
  faqEditor: ['Faq'],
  auditLog: ['Log'],
  errorLog: ['Log'],
  apiTokens: ['ApiToken'],
  identityProviders: ['IdentityProvider'],
  termsEditor: ['TermsEditor'],
};

/** Components of one resource load: `Global` always, then the page's own (spec §7 aggregatedByPage?components). */
export const componentsFor = (page: PageKey | undefined): string[] =>
  page ? ['Global', ...pageComponents[page]] : ['Global'];
