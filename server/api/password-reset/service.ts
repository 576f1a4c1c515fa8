import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { normaliseCulture, type Culture } from '@contracts/culture';
import { passwordVerdict } from '@contracts/forms/password';
import { breachedPasswords } from '@contracts/forms/password-list';
import { detailMessages } from '@contracts/forms/problem';
import {
  EXCEEDED_MAX_OTP,
  EXCEEDED_MAX_OTP_MESSAGE,
  OTP_MAX_ATTEMPTS,
  type CreateOtpBody,
  type ResetPasswordBody,
  type ValidateOtpBody,
} from '@contracts/password-reset';
import type { CaptchaPort } from '../../captcha/port';
import type { Db } from '../../db/client';
import { clients, instances, passwordResetCodes } from '../../db/schema';
import { DirectoryRefusal } from '../../directory/errors';
import type { DirectoryPort } from '../../directory/port';
import { ProblemError, problemMessages, validationFailed } from '../../http/problem';
import type { AttemptCounter, RateLimit } from '../../idp/rate-limit';
import type { Mailer } from '../../mail/mailer';
import { findClient } from '../profile/service';
import { readSettings } from '../resources/settings';
import { codeMatches, hashCode, hashGrant, newCode, newGrant, newSalt } from './codes';
import type { PasswordResetLimits } from './limits';
import { codeMail, passwordChangedMail, singleSignOnMail } from './mails';

/** Spec: a code lives 10 minutes. */
export const CODE_TTL_MS = 10 * 60_000;
/** The grant lives long enough to type a new password twice, not long enough to be worth stealing. */
export const GRANT_TTL_MS = 10 * 60_000;

export interface PasswordResetDeps {
  db: Db;
  directory: DirectoryPort;
  captcha: CaptchaPort;
  mailer: Mailer;
  counter: AttemptCounter;
  limits: PasswordResetLimits;
  /** The codes' HMAC key (server/secrets: derived from the server secret, outside the database). */
  codeKey: Buffer;
  publicUrl: string;
  providerPrefix: string;
  log: { warn(fields: Record<string, unknown>, message: string): void };
}

const rateLimited = () => new ProblemError(429, 'rate_limited', problemMessages[429]);
const exceeded = () => new ProblemError(400, EXCEEDED_MAX_OTP, EXCEEDED_MAX_OTP_MESSAGE);
const wrongCode = () =>
  new ProblemError(400, 'otp_invalid', 'The code is not right or has expired. Check the mail or request a new code.');
const spentGrant = () =>
  new ProblemError(400, 'reset_grant_invalid', 'This reset has expired or was already used. Request a new code.');
const singleSignOn = () =>
  new ProblemError(
    403,
    'sso_user',
    'You sign in with your organisation’s single sign-on: change your password there, not here.',
  );
const disabled = () =>
  new ProblemError(403, 'forbidden', 'Password reset with a one-time code is turned off for this client.');

const captchaRefusal = { invalid: 'is not valid', expired: 'has expired', replayed: 'was already used' } as const;

async function hit(deps: PasswordResetDeps, key: string, limit: RateLimit): Promise<boolean> {
  return (await deps.counter.hit(key, limit.windowMs)) > limit.max;
}

type Client = { id: string; name: string; portalAlias: string; defaultCulture: string };

/**
 * The client of the reset: the one named (UUID or portal alias), else the one client that has a profile with this
 * e-mail, else the provider's own. An unknown e-mail thus lands on the provider's client, and is answered as a
 * known one would be. A client whose site profile says AllowPasswordResetWithOTP 'false' refuses every call.
 */
async function resetClient(deps: PasswordResetDeps, email: string, ref: string | undefined): Promise<Client> {
  let client: Client | undefined;
  if (ref !== undefined) {
    client = await findClient(deps.db, ref);
    if (client === undefined) throw validationFailed([{ field: 'body.clientId', message: 'is not a client' }]);
  } else {
    const owners = await deps.db
      .selectDistinct({ clientId: instances.clientId })
      .from(instances)
      .where(eq(sql`lower(${instances.email})`, email.toLowerCase()))
      .limit(2);
    const only = owners.length === 1 ? owners[0]?.clientId : undefined;
    [client] = await deps.db
      .select()
      .from(clients)
      .where(only === undefined ? eq(clients.oktaPrefix, deps.providerPrefix) : eq(clients.id, only))
      .limit(1);
    if (client === undefined) throw new Error("the provider's client does not exist (an unseeded database)");
  }
  // Spec §2: only the text 'false' turns the reset off (the setting defaults to on).
  if ((await readSettings(deps.db, client.id)).AllowPasswordResetWithOTP?.trim().toLowerCase() === 'false')
    throw disabled();
  return client;
}

const accountKeyOf = (clientId: string, email: string) => `${clientId}:${email.trim().toLowerCase()}`;

/** The client's profile with this e-mail that can sign in (has an identity-provider user), if any. */
async function personOf(db: Db, clientId: string, email: string) {
  const [person] = await db
    .select({
      id: instances.id,
      idpUserId: instances.idpUserId,
      email: instances.email,
      culture: instances.culture,
      ssoUser: instances.ssoUser,
    })
    .from(instances)
    .where(and(eq(instances.clientId, clientId), eq(sql`lower(${instances.email})`, email.toLowerCase())))
    .limit(1);
  return person?.idpUserId == null ? undefined : { ...person, idpUserId: person.idpUserId };
}

/**
 * POST Instance/CreateOTP: the captcha (spent first), the limits per address and per e-mail, then a new code for the
 * account that replaces any earlier one. The same row is written for an e-mail nobody has (with a code nobody gets),
 * and the mail is not awaited, so status, body and time are the same for both.
 */
export async function createOtp(deps: PasswordResetDeps, body: CreateOtpBody, remoteIp: string): Promise<void> {
  const verdict = await deps.captcha.verify(body.captcha, { remoteIp, action: 'passwordReset' });
  if (verdict !== 'ok') throw validationFailed([{ field: 'body.captcha', message: captchaRefusal[verdict] }]);
  const email = body.email.trim();
  const byAddress = await hit(deps, `otpRequestAddress:${remoteIp}`, deps.limits.requestPerAddress);
  const byEmail = await hit(deps, `otpRequestEmail:${email.toLowerCase()}`, deps.limits.requestPerEmail);
  if (byAddress || byEmail) throw rateLimited();

  const client = await resetClient(deps, email, body.clientId);
  const found = await personOf(deps.db, client.id, email);
  // A single-sign-on person gets no code (their password is not Gatehouse's, spec §5) but a mail that says so; the
  // row and the answer are those of an unknown e-mail, so neither tells anyone who signs in how.
  const person = found?.ssoUser === true ? undefined : found;
  const code = newCode();
  const salt = newSalt();
  const row = {
    clientId: client.id,
    instanceId: person?.id ?? null,
    codeSalt: salt,
    codeHash: hashCode(code, salt, deps.codeKey),
    attempts: 0,
    expiresAt: new Date(Date.now() + CODE_TTL_MS),
    usedAt: null,
    grantHash: null,
    grantExpiresAt: null,
    createdAt: new Date(),
  };
  await deps.db
    .insert(passwordResetCodes)
    .values({ accountKey: accountKeyOf(client.id, email), ...row })
    .onConflictDoUpdate({ target: passwordResetCodes.accountKey, set: row });
  if (found?.ssoUser === true) {
    void deps.mailer
      .send(singleSignOnMail(found.email, normaliseCulture(found.culture), client.name))
      .catch((cause: unknown) => {
        deps.log.warn({ cause }, 'password reset: could not mail the single-sign-on notice');
      });
    return;
  }
  if (person === undefined) return;
  // In the person's culture (the profile's), whatever the page was in.
  const culture: Culture = normaliseCulture(person.culture);
  void deps.mailer.send(codeMail(person.email, culture, client.name, code)).catch((cause: unknown) => {
    deps.log.warn({ cause }, 'password reset: could not mail the code');
  });
}

/**
 * POST Instance/ValidateOTP: one attempt of the account (beyond `verifyPerAccount` an hour: refused) and of its code
 * (beyond 5: refused, right or not); a right code is spent and traded for the reset grant.
 */
export async function validateOtp(deps: PasswordResetDeps, body: ValidateOtpBody, remoteIp: string): Promise<string> {
  const email = body.email.trim();
  if (await hit(deps, `otpVerifyAddress:${remoteIp}`, deps.limits.verifyPerAddress)) throw rateLimited();
  const client = await resetClient(deps, email, body.clientId);
  const accountKey = accountKeyOf(client.id, email);
  const overAccount = await hit(deps, `otpVerifyAccount:${accountKey}`, deps.limits.verifyPerAccount);
  // The attempt is counted before the code is compared, in the same statement that reads it: two requests at once
  // cannot both see the fifth attempt.
  const [attempt] = await deps.db
    .update(passwordResetCodes)
    .set({ attempts: sql`${passwordResetCodes.attempts} + 1` })
    .where(
      and(
        eq(passwordResetCodes.accountKey, accountKey),
        isNull(passwordResetCodes.usedAt),
        gt(passwordResetCodes.expiresAt, new Date()),
      ),
    )
    .returning({
      id: passwordResetCodes.id,
      attempts: passwordResetCodes.attempts,
      salt: passwordResetCodes.codeSalt,
      hash: passwordResetCodes.codeHash,
    });
  if (overAccount || (attempt !== undefined && attempt.attempts > OTP_MAX_ATTEMPTS)) throw exceeded();
  if (attempt === undefined || !codeMatches(body.otpCode, attempt.salt, attempt.hash, deps.codeKey)) throw wrongCode();
  const grant = newGrant();
  const spent = await deps.db
    .update(passwordResetCodes)
    .set({ usedAt: new Date(), grantHash: hashGrant(grant), grantExpiresAt: new Date(Date.now() + GRANT_TTL_MS) })
    .where(and(eq(passwordResetCodes.id, attempt.id), isNull(passwordResetCodes.usedAt)))
    .returning({ id: passwordResetCodes.id });
  // A simultaneous right answer spent it first: this one is a replay.
  if (spent.length !== 1) throw wrongCode();
  return grant;
}

/**
 * POST Instance/ResetPassword: the grant (single use), the password policy, then the new password through the
 * directory port, every session and OAuth token of the person revoked, and a "your password was changed" mail.
 */
export async function resetPassword(deps: PasswordResetDeps, body: ResetPasswordBody, remoteIp: string): Promise<void> {
  const email = body.email.trim();
  if (await hit(deps, `otpResetAddress:${remoteIp}`, deps.limits.resetPerAddress)) throw rateLimited();
  const client = await resetClient(deps, email, body.clientId);
  const grantHash = hashGrant(body.ek2);
  const granted = and(
    eq(passwordResetCodes.accountKey, accountKeyOf(client.id, email)),
    eq(passwordResetCodes.grantHash, grantHash),
    gt(passwordResetCodes.grantExpiresAt, new Date()),
  );
  const [row] = await deps.db.select({ id: passwordResetCodes.id }).from(passwordResetCodes).where(granted).limit(1);
  const person = row === undefined ? undefined : await personOf(deps.db, client.id, email);
  if (row === undefined || person === undefined) throw spentGrant();
  // Only a code proves the mailbox, and none is sent to a single-sign-on person; one who became one since is refused.
  if (person.ssoUser) throw singleSignOn();
  const user = await deps.directory.getUser(person.idpUserId);
  if (user === null) throw spentGrant();
  // The policy first, so a weak password keeps the grant and the person tries another. The whole password rule
  // (issue 34 §1): the composition policy, the person's own words and the list of common and breached passwords.
  const verdict = passwordVerdict(
    body.password,
    {
      login: user.login,
      email: user.email,
      names: [user.firstName, user.lastName],
      client: [client.name, client.portalAlias],
    },
    breachedPasswords(),
  );
  if (verdict === 'pattern')
    throw validationFailed([{ field: 'body.password', message: 'does not meet the password rules', kind: 'pattern' }]);
  if (verdict !== undefined)
    throw validationFailed([{ field: 'body.password', message: detailMessages[verdict], kind: verdict }]);
  // Spend the grant before the change: of two resets with one grant, one wins.
  const spent = await deps.db
    .update(passwordResetCodes)
    .set({ grantHash: null, grantExpiresAt: null })
    .where(granted)
    .returning({ id: passwordResetCodes.id });
  if (spent.length !== 1) throw spentGrant();
  try {
    await deps.directory.setPassword(person.idpUserId, body.password);
  } catch (error) {
    if (error instanceof DirectoryRefusal && error.statusCode === 400) {
      // The identity provider refused the password (its own policy): the grant stays usable for another one.
      await deps.db
        .update(passwordResetCodes)
        .set({ grantHash, grantExpiresAt: new Date(Date.now() + GRANT_TTL_MS) })
        .where(eq(passwordResetCodes.id, row.id));
      throw validationFailed([{ field: 'body.password', message: error.message }]);
    }
    throw error;
  }
  await deps.directory.clearSessions(person.idpUserId);
  await deps.db.delete(passwordResetCodes).where(eq(passwordResetCodes.id, row.id));
  const culture = normaliseCulture(person.culture);
  const loginUrl = `${deps.publicUrl.replace(/\/$/, '')}/Login/${client.portalAlias}`;
  await deps.mailer.send(passwordChangedMail(person.email, culture, client.name, loginUrl)).catch((cause: unknown) => {
    deps.log.warn({ cause }, 'password reset: could not mail the change notice');
  });
}
