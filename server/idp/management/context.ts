import type { AuthnContext } from '../authn/context';

/** The management API works on the same directory, mailer and links as the authentication API. */
export type ManagementContext = Pick<AuthnContext, 'db' | 'origin' | 'publicUrl' | 'mailer' | 'events' | 'sealer'>;
