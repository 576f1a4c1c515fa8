import { asc, sql } from 'drizzle-orm';
import type { Theme } from '@contracts/resources';
import type { Db } from '../../db/client';
import { themes } from '../../db/schema';
import { clientOrGlobal } from './client-filter';

/** The client's colours, else the provider's (global) ones; null when neither exists. */
export async function readTheme(db: Db, clientId: string | null): Promise<Theme | null> {
  const [row] = await db
    .select({
      primaryColor: themes.primaryColor,
      accentColor: themes.accentColor,
      backgroundColor: themes.backgroundColor,
      textColor: themes.textColor,
    })
    .from(themes)
    .where(clientOrGlobal(themes.clientId, clientId))
    // The client's row sorts before the global one.
    .orderBy(asc(sql`${themes.clientId} is null`))
    .limit(1);
  return row ?? null;
}
