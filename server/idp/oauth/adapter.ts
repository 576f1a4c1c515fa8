import { and, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../../db/client';
import { idpOidcModels } from '../tables';

/** Okta's default grace period for refresh-token rotation (its range is 0–60 s). */
export const DEFAULT_REFRESH_REUSE_GRACE_SECONDS = 30;

export interface DatabaseAdapterOptions {
  /**
   * How long a rotated refresh token may be presented again (a retry after a lost response, two tabs refreshing at
   * once) before a presentation counts as reuse and revokes the grant. Refresh tokens only; codes never get one.
   */
  refreshReuseGraceSeconds?: number;
}

/**
 * oidc-provider's storage in our database (its `adapter` interface), so sessions, grants, codes and refresh tokens
 * survive a restart and every server process sees the same ones. One instance per model name.
 */
export class DatabaseAdapter implements Adapter {
  private readonly graceSeconds: number;

  constructor(
    private readonly db: Db,
    private readonly model: string,
    options: DatabaseAdapterOptions = {},
  ) {
    this.graceSeconds =
      model === 'RefreshToken' ? (options.refreshReuseGraceSeconds ?? DEFAULT_REFRESH_REUSE_GRACE_SECONDS) : 0;
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
    const row = {
      payload: payload as Record<string, unknown>,
      grantId: payload.grantId ?? null,
      uid: payload.uid ?? null,
      userCode: payload.userCode ?? null,
      expiresAt: expiresIn > 0 ? new Date(Date.now() + expiresIn * 1000) : null,
    };
    await this.db
      .insert(idpOidcModels)
      .values({ model: this.model, id, ...row })
      .onConflictDoUpdate({ target: [idpOidcModels.model, idpOidcModels.id], set: row });
  }

  find(id: string): Promise<AdapterPayload | undefined> {
    return this.findWhere(eq(idpOidcModels.id, id));
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findWhere(eq(idpOidcModels.uid, uid));
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findWhere(eq(idpOidcModels.userCode, userCode));
  }

  /**
   * Marks a code or token used. oidc-provider reads `consumed` and treats a second use as replay. The first use's
   * time is kept: a rotated refresh token presented again within its grace is consumed again, and that must not
   * extend the grace.
   */
  async consume(id: string): Promise<void> {
    await this.db
      .update(idpOidcModels)
      .set({ consumedAt: sql`coalesce(${idpOidcModels.consumedAt}, now())` })
      .where(and(eq(idpOidcModels.model, this.model), eq(idpOidcModels.id, id)));
  }

  async destroy(id: string): Promise<void> {
    await this.db.delete(idpOidcModels).where(and(eq(idpOidcModels.model, this.model), eq(idpOidcModels.id, id)));
  }

  /** Called when a grant is revoked: every code and token it produced goes, whatever its model. */
  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db.delete(idpOidcModels).where(eq(idpOidcModels.grantId, grantId));
  }

  private async findWhere(condition: SQL): Promise<AdapterPayload | undefined> {
    const [row] = await this.db
      .select({
        payload: idpOidcModels.payload,
        consumedAt: idpOidcModels.consumedAt,
        inGrace: this.graceSeconds > 0 ? inReuseGrace(this.graceSeconds) : sql<boolean>`false`,
      })
      .from(idpOidcModels)
      .where(and(eq(idpOidcModels.model, this.model), condition, notExpired()))
      .limit(1);
    if (!row) return undefined;
    const payload = row.payload as AdapterPayload;
    // Within its grace a rotated refresh token reads as unused: oidc-provider rotates it once more instead of
    // revoking the grant. After the grace it reads as consumed, and oidc-provider revokes the whole grant.
    if (!row.consumedAt || row.inGrace) return payload;
    return { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) };
  }
}

const notExpired = () => or(isNull(idpOidcModels.expiresAt), gt(idpOidcModels.expiresAt, new Date()));

/**
 * A consumed refresh token is in its grace while its first use is recent and no token of the same grant has been
 * used since: the grace covers a retry of the latest rotation only, never an older token of the family (which is
 * what a thief replaying a stolen token would hold).
 */
function inReuseGrace(graceSeconds: number): SQL<boolean> {
  // Spelled out with table names: drizzle renders columns unqualified in a one-table select, and inside the
  // subquery an unqualified name would mean the subquery's own row.
  return sql<boolean>`(
    idp_oidc_models.consumed_at is not null
    and idp_oidc_models.consumed_at > now() - make_interval(secs => ${graceSeconds})
    and not exists (
      select 1 from idp_oidc_models as later
      where later.model = idp_oidc_models.model
        and later.grant_id = idp_oidc_models.grant_id
        and later.consumed_at > idp_oidc_models.consumed_at
    )
  )`;
}
