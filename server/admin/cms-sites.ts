import { asc } from 'drizzle-orm';
import type { CmsClient } from '@contracts/admin/clients';
import type { Db } from '../db/client';
import { cmsSites } from '../db/schema';

/** GET Client/CMSClient: the content-management sites a client's public pages may belong to, by name. */
export async function listCmsClients(db: Db): Promise<CmsClient[]> {
  return db
    .select({
      id: cmsSites.id,
      name: cmsSites.name,
      sitefinitySiteId: cmsSites.sitefinitySiteId,
      parentSitefinitySiteId: cmsSites.parentSitefinitySiteId,
    })
    .from(cmsSites)
    .orderBy(asc(cmsSites.name));
}
