import type { Culture } from '@contracts/culture';

/** A text in every culture the portal ships; the compiler asks for the missing one. */
export type Texts = Record<Culture, string>;

/** Okta prefixes of the demo clients: the natural key the data modules refer to clients by. */
export type ClientPrefix = 'AUL' | 'ACME' | 'GLBX' | 'AULUMB' | 'INITECH';
