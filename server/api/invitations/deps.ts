import type { ApiDeps } from '../area';
import type { InvitationDeps } from './service';

/** What invitation writes need of the app: the database, the mailer, the invitation key, the link's lifetime and host. */
export const invitationDepsOf = (deps: ApiDeps): InvitationDeps => ({
  db: deps.db,
  mailer: deps.mailer,
  key: deps.invitations.key,
  ttlDays: deps.config.invitationTtlDays,
  publicUrl: deps.config.publicUrl,
});
