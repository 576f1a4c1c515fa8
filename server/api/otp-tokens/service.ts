import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { normaliseCulture } from '@contracts/culture';
import { OTP_TOKEN_LIFETIME_SECONDS, type OtpDto, type OtpRedeemed, type OtpToken } from '@contracts/otp-token';
import { fromIdpUsername, type UsernameRule } from '@contracts/username';
import type { Principal } from '../../auth/principal';
import type { Db } from '../../db/client';
import { clients, instances, otpTokens } from '../../db/schema';
import { ProblemError, problemMessages, validationFailed } from '../../http/problem';
import type { AttemptCounter, RateLimit } from '../../idp/rate-limit';
import { auditTrail } from '../support/audit';
import { hashOfOtpToken, openTokens, sealTokens } from './seal';

/** Tokens one person may ask for: a launcher asks once per click, so this is many clicks, never a script's harvest. */
export const OTP_TOKENS_PER_PERSON: RateLimit = { max: 30, windowMs: 15 * 60_000 };
/** Redemptions one address may try a minute (an application's server redeems for all its users). */
export const OTP_REDEEMS_PER_MINUTE = 120;
/** Spent and expired rows are kept a day for the audit's sake, then dropped by the next issue. */
const KEEP_SPENT_MS = 24 * 60 * 60_000;

const invalidToken = () =>
  new ProblemError(400, 'otp_token_invalid', 'This one-time token is unknown, already used or expired.');

export interface OtpTokenDeps {
  db: Db;
  key: Buffer;
  counter: AttemptCounter;
  now?: () => Date;
}

/**
 * `POST Auth/GenerateOtpToken`: a short-lived, single-use token standing for the caller's OtpDto. The bearer token
 * must be the caller's own (the one this request came with), so nobody mints a link for someone else's session. The
 * token is 256 random bits; only its keyed hash is stored, with the tokens sealed beside it, and its issue is audited.
 */
export async function generateOtpToken(
  { db, key, counter, now = () => new Date() }: OtpTokenDeps,
  caller: Principal,
  callerToken: string,
  dto: OtpDto,
): Promise<OtpToken> {
  if (dto.bearerToken !== callerToken)
    throw validationFailed([{ field: 'body.bearerToken', message: 'is not the access token of this request' }]);
  const at = now();
  if ((await counter.hit(`otp-token:${caller.userId}`, OTP_TOKENS_PER_PERSON.windowMs, at)) > OTP_TOKENS_PER_PERSON.max)
    throw new ProblemError(429, 'rate_limited', problemMessages[429]);
  const otpToken = randomBytes(32).toString('base64url');
  const expiresAt = new Date(at.getTime() + OTP_TOKEN_LIFETIME_SECONDS * 1000);
  const sealedTokens = await sealTokens({ bearerToken: dto.bearerToken, refreshToken: dto.refreshToken }, key);
  await db.transaction(async (tx) => {
    await tx.delete(otpTokens).where(lt(otpTokens.expiresAt, new Date(at.getTime() - KEEP_SPENT_MS)));
    const [row] = await tx
      .insert(otpTokens)
      .values({
        tokenHash: hashOfOtpToken(otpToken, key),
        instanceId: caller.userId,
        clientId: caller.clientId,
        sealedTokens,
        createdAt: at,
        expiresAt,
      })
      .returning({ id: otpTokens.id });
    await auditTrail.record(tx, {
      actor: caller.login,
      action: 'otp_token.issue',
      entity: 'otp_token',
      entityId: (row as { id: string }).id,
      clientId: caller.clientId,
      before: null,
      after: { instanceId: caller.userId, expiresAt: expiresAt.toISOString(), refreshToken: dto.refreshToken !== '' },
    });
  });
  return { otpToken, expiresAt: expiresAt.toISOString() };
}

/**
 * `POST Auth/RedeemOtpToken`: the application the link opened trades the token, once, for the OtpDto it stands for —
 * the tokens as handed over and the person as the server's record says. Spending is one conditional update (unspent,
 * unexpired), so two redemptions racing get one answer and one refusal. Unknown, spent and expired tokens get the same
 * 400; the redemption is audited.
 */
export async function redeemOtpToken(
  { db, key, now = () => new Date() }: Omit<OtpTokenDeps, 'counter'>,
  otpToken: string,
  { usernameRule, address }: { usernameRule: Pick<UsernameRule, 'testDomainSuffix'>; address: string },
): Promise<OtpRedeemed> {
  const at = now();
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(otpTokens)
      .set({ consumedAt: at })
      .where(
        and(
          eq(otpTokens.tokenHash, hashOfOtpToken(otpToken, key)),
          isNull(otpTokens.consumedAt),
          gt(otpTokens.expiresAt, at),
        ),
      )
      .returning();
    if (spent === undefined) throw invalidToken();
    const [person] = await tx
      .select({ instance: instances, client: clients })
      .from(instances)
      .innerJoin(clients, eq(clients.id, instances.clientId))
      .where(eq(instances.id, spent.instanceId));
    const tokens = await openTokens(spent.sealedTokens, key);
    if (person === undefined || tokens === null) throw invalidToken();
    const { instance, client } = person;
    await auditTrail.record(tx, {
      actor: instance.idpLogin,
      action: 'otp_token.redeem',
      entity: 'otp_token',
      entityId: spent.id,
      clientId: spent.clientId,
      before: null,
      after: { instanceId: instance.id, redeemedAt: at.toISOString(), address },
    });
    return {
      ...tokens,
      userInformation: {
        userId: instance.id,
        userName: fromIdpUsername(instance.idpLogin, usernameRule),
        email: instance.email,
        firstName: instance.firstName,
        lastName: instance.lastName,
        fullName: [instance.firstName, instance.lastName].filter((part) => part !== '').join(' '),
        culture: normaliseCulture(instance.culture),
        clientId: client.id,
        clientName: client.name,
        portalAlias: client.portalAlias,
      },
    };
  });
}
