import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clientAssets, type ClientAssetKind } from '../../db/schema';
import { clientOrGlobal } from './client-filter';

export interface Image {
  contentType: string;
  bytes: Uint8Array;
}

/**
 * The portal's own mark (the same drawing as public/favicon.svg, which a server test keeps equal): the logo a database
 * with no branding at all answers (a production start without the demo world), so no page asks for a logo and gets a
 * 404 in the console, and no page shows a broken image.
 */
export const PORTAL_MARK: Image = {
  contentType: 'image/svg+xml',
  bytes: new TextEncoder().encode(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#1f4e79"/>' +
      '<path d="M8 26V12l8-6 8 6v14h-5v-8h-6v8z" fill="#fff"/></svg>\n',
  ),
};

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
