import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clientAssets, type ClientAssetKind } from '../../db/schema';
import { clientOrGlobal } from './client-filter';

export interface Image {
  contentType: string;
  bytes: Uint8Array;
}

/** A branding image: the client's own, else the provider's (global) one; null when neither exists. */
export async function readImage(db: Db, kind: ClientAssetKind, clientId: string | null): Promise<Image | null> {
  const [row] = await db
    .select({ contentType: clientAssets.contentType, bytes: clientAssets.bytes })
    .from(clientAssets)
    .where(and(eq(clientAssets.kind, kind), clientOrGlobal(clientAssets.clientId, clientId)))
    .orderBy(asc(sql`${clientAssets.clientId} is null`))
    .limit(1);
  return row ?? null;
}
