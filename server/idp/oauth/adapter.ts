import { and, eq, gt, isNull, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../../db/client';
import { perDatabase } from '../../db/per-database';
import { idpOidcModels } from '../tables';
import { GrantMemo } from './grant-memo';

/** Okta's default grace period for refresh-token rotation (its range is 0–60 s). */
export const DEFAULT_REFRESH_REUSE_GRACE_SECONDS = 30;

export interface DatabaseAdapterOptions {
  /**
   * How long a rotated refresh token may be presented again (a retry after a lost response, two tabs refreshing at
   * once) before a presentation counts as reuse and revokes the grant. Refresh tokens only; codes never get one.
   */
  refreshReuseGraceSeconds?: number;
  /** The grants' memo; by default one per database, shared by the process's adapters (tests pass their own clock). */
  grantMemo?: GrantMemo;
}

/**
 * oidc-provider's storage in our database (its `adapter` interface), so sessions, grants, codes and refresh tokens
 * survive a restart and every server process sees the same ones. One instance per model name.
 */
export class DatabaseAdapter implements Adapter {
  private readonly graceSeconds: number;
  private readonly statements: AdapterStatements;
  /** Grants only: read at every refresh and every authorization, written far less often. */
  private readonly memo: GrantMemo | undefined;
  /** Every model's adapter forgets a revoked grant (oidc-provider revokes through whichever model it holds). */
  private readonly grants: GrantMemo;

  constructor(
    private readonly db: Db,
    private readonly model: string,
    options: DatabaseAdapterOptions = {},
  ) {
    this.graceSeconds =
      model === 'RefreshToken' ? (options.refreshReuseGraceSeconds ?? DEFAULT_REFRESH_REUSE_GRACE_SECONDS) : 0;
    this.statements = statementsFor(db);
    this.grants = options.grantMemo ?? grantMemoFor(db);
    this.memo = model === 'Grant' ? this.grants : undefined;
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
    await this.statements.upsert.execute({
      model: this.model,
      id,
      payload,
      grantId: payload.grantId ?? null,
      uid: payload.uid ?? null,
      userCode: payload.userCode ?? null,
      expiresAt: expiresIn > 0 ? new Date(Date.now() + expiresIn * 1000).toISOString() : null,
    });
    this.memo?.remember(id, payload, expiresIn);
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    const remembered = this.memo?.recall(id);
    if (remembered) return remembered;
    const found = this.firstPayload(
      await (this.graceSeconds > 0 ? this.statements.findRefreshToken : this.statements.findById).execute({
        model: this.model,
        id,
        now: new Date(),
        graceSeconds: this.graceSeconds,
      }),
    );
    if (found && this.memo)
      this.memo.remember(id, found, typeof found.exp === 'number' ? found.exp - Date.now() / 1000 : 0);
    return found;
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
    await this.statements.consume.execute({ model: this.model, id });
  }

  async destroy(id: string): Promise<void> {
    this.memo?.forget(id);
    await this.statements.destroy.execute({ model: this.model, id });
  }

  /** Called when a grant is revoked: every code and token it produced goes, whatever its model. */
  async revokeByGrantId(grantId: string): Promise<void> {
    this.grants.forget(grantId);
    await this.db.delete(idpOidcModels).where(eq(idpOidcModels.grantId, grantId));
  }

  /** The rarer look-ups (by uid, by user code) are built each time; `find` runs prepared statements. */
  private async findWhere(condition: SQL): Promise<AdapterPayload | undefined> {
    return this.firstPayload(
      await this.db
        .select(selectedColumns(this.graceSeconds > 0 ? inReuseGrace(sql`${this.graceSeconds}`) : sql<boolean>`false`))
        .from(idpOidcModels)
        .where(and(eq(idpOidcModels.model, this.model), condition, notExpired(new Date())))
        .limit(1),
    );
  }

  private firstPayload(rows: FoundRow[]): AdapterPayload | undefined {
    const [row] = rows;
    if (!row) return undefined;
    const payload = row.payload as AdapterPayload;
    // Within its grace a rotated refresh token reads as unused: oidc-provider rotates it once more instead of
    // revoking the grant. After the grace it reads as consumed, and oidc-provider revokes the whole grant.
    if (!row.consumedAt || row.inGrace) return payload;
    return { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) };
  }
}

interface FoundRow {
  payload: unknown;
  consumedAt: Date | null;
  inGrace: boolean;
}

const selectedColumns = (inGrace: SQL<boolean>) => ({
  payload: idpOidcModels.payload,
  consumedAt: idpOidcModels.consumedAt,
  inGrace,
});

const placeholder = (name: string) => sql.placeholder(name);

/**
 * The statements every token, code, session and grant goes through, prepared once per database: drizzle then builds
 * their SQL once (it was about a tenth of a refresh's time), and on PostgreSQL each connection parses and plans
 * them once (named statements).
 */
function prepareStatements(db: Db) {
  const byKey = and(eq(idpOidcModels.model, placeholder('model')), eq(idpOidcModels.id, placeholder('id')));
  const found = (inGrace: SQL<boolean>, name: string) =>
    db
      .select(selectedColumns(inGrace))
      .from(idpOidcModels)
      .where(and(byKey, notExpired(placeholder('now'))))
      .limit(1)
      .prepare(name);
  const row = {
    payload: placeholder('payload'),
    grantId: placeholder('grantId'),
    uid: placeholder('uid'),
    userCode: placeholder('userCode'),
    // Typed in the statement: drizzle's timestamp encoder cannot take the null of a model that never expires.
    expiresAt: sql`${placeholder('expiresAt')}::timestamptz`,
  };
  return {
    findById: found(sql<boolean>`false`, 'idp_oidc_find'),
    findRefreshToken: found(inReuseGrace(placeholder('graceSeconds')), 'idp_oidc_find_refresh_token'),
    upsert: db
      .insert(idpOidcModels)
      .values({ model: placeholder('model'), id: placeholder('id'), ...row })
      .onConflictDoUpdate({
        target: [idpOidcModels.model, idpOidcModels.id],
        // The new values, as the insert would have written them (no second set of parameters).
        set: {
          payload: sql`excluded.payload`,
          grantId: sql`excluded.grant_id`,
          uid: sql`excluded.uid`,
          userCode: sql`excluded.user_code`,
          expiresAt: sql`excluded.expires_at`,
        },
      })
      .prepare('idp_oidc_upsert'),
    consume: db
      .update(idpOidcModels)
      .set({ consumedAt: sql`coalesce(${idpOidcModels.consumedAt}, now())` })
      .where(byKey)
      .prepare('idp_oidc_consume'),
    destroy: db.delete(idpOidcModels).where(byKey).prepare('idp_oidc_destroy'),
  };
}
type AdapterStatements = ReturnType<typeof prepareStatements>;

const statementsFor: (db: Db) => AdapterStatements = perDatabase(prepareStatements);

/** One grant memo per database, shared by every adapter instance of the process. */
const grantMemoFor = perDatabase(() => new GrantMemo());

const notExpired = (now: Date | Placeholder) =>
  or(isNull(idpOidcModels.expiresAt), gt(idpOidcModels.expiresAt, now as Date));

/**
 * A consumed refresh token is in its grace while its first use is recent and no token of the same grant has been
 * used since: the grace covers a retry of the latest rotation only, never an older token of the family (which is
 * what a thief replaying a stolen token would hold).
 */
function inReuseGrace(graceSeconds: SQL | Placeholder): SQL<boolean> {
  // Spelled out with table names: drizzle renders columns unqualified in a one-table select, and inside the
  // subquery an unqualified name would mean the subquery's own row.
  return sql<boolean>`(
    idp_oidc_models.consumed_at is not null
    and idp_oidc_models.consumed_at > now() - make_interval(secs => ${graceSeconds}::int)
    and not exists (
      select 1 from idp_oidc_models as later
      where later.model = idp_oidc_models.model
        and later.grant_id = idp_oidc_models.grant_id
        and later.consumed_at > idp_oidc_models.consumed_at
    )
  )`;
}

/** Forgets grants revoked outside oidc-provider (a person ending one of their sessions), like `revokeByGrantId`. */
export function forgetGrants(db: Db, grantIds: readonly string[]): void {
  const memo = grantMemoFor(db);
  for (const id of grantIds) memo.forget(id);
}
