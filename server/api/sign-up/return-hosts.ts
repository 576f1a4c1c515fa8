import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { applications, clientApplications } from '../../db/schema';

/**
 * The hosts of the client's active application links (`https://claims.acme.test/…` → `claims.acme.test`), answered
 * with an accepted sign-up: the confirmation's link may return to one of them (public-and-profile §4 "Sign-up": "the
 * link then goes to the redirect URL"), so a client application that sent the person gets them back, and no other
 * site can (the SPA's one safe-redirect rule, with these hosts). A relative link (an application served by Gatehouse
 * itself) adds nothing: Gatehouse's own addresses are allowed anyway. Read at each sign-up, never cached, so a link an
 * administrator changes counts at once. The same for every e-mail of the client: it tells nobody who has an account.
 */
export async function applicationHostsOf(db: Db, clientId: string): Promise<string[]> {
  const rows = await db
    .select({ link: applications.link })
    .from(clientApplications)
    .innerJoin(applications, eq(applications.id, clientApplications.applicationId))
    .where(and(eq(clientApplications.clientId, clientId), eq(clientApplications.active, true)));
  const hosts = new Set<string>();
  for (const { link } of rows) {
    if (!/^https?:\/\//i.test(link)) continue;
    try {
      hosts.add(new URL(link).host.toLowerCase());
    } catch {
      // A link that is no URL (a placeholder in its host) vouches for nothing.
    }
  }
  return [...hosts].sort();
}
