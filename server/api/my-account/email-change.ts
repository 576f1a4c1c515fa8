import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Culture } from '@contracts/culture';
import type { EmailChangeRequested } from '@contracts/my-account';
import { AGENT_ID_PATTERN, loginAsTyped, type UsernameRule } from '@contracts/username';
import type { Db } from '../../db/client';
import type { InstanceRow } from '../../db/rows';
import { clients, emailChangeRequests, instances } from '../../db/schema';
import { idpLoginOf } from '../../db/seed/world/people';
import type { DirectoryPort } from '../../directory/port';
import { notFound, ProblemError, staleUpdate } from '../../http/problem';
import type { Mailer } from '../../mail/mailer';
import { codeMatches, hashCode, newCode, newSalt } from '../password-reset/codes';
import { auditTrail } from '../support/audit';
import { emailChangeCodeMail, emailChangedMail } from './mails';

/** How long a code serves, how many tries it takes, how many requests a person may make in an hour. */
export const EMAIL_CODE_TTL_MS = 15 * 60_000;
export const EMAIL_CODE_MAX_ATTEMPTS = 5;
export const EMAIL_REQUESTS_PER_HOUR = 3;

export interface EmailChangeDeps {
  db: Db;
  directory: DirectoryPort;
  mailer: Mailer;
  /** The codes' HMAC key (the password reset's: derived from the server secret, never in the database). */
  codeKey: Buffer;
  /** Tells an agent's login (their 5-digit id) from one that is the person's e-mail. */
  usernameRule: Pick<UsernameRule, 'agentUserDomain' | 'testDomainSuffix'>;
  log: { warn(fields: Record<string, unknown>, message: string): void };
}

const wrongCode = () =>
  new ProblemError(400, 'otp_invalid', 'The code is not right, has expired or was already used. Ask for a new one.', [
    { field: 'body.code', message: 'The code is not right, has expired or was already used.' },
  ]);
const taken = () =>
  new ProblemError(409, 'conflict', 'This e-mail address already belongs to another account of your organisation.');

/**
 * The login the person signs in with after the change: the new e-mail when the login is the e-mail (`PREFIX__email`),
 * else the login as it is (an agent signs in with their id, whatever their e-mail says).
 */
function loginAfterChange(deps: EmailChangeDeps, person: InstanceRow, oktaPrefix: string, newEmail: string): string {
  const loginIsEmail = person.idpLogin.toLowerCase() === idpLoginOf(oktaPrefix, person.email).toLowerCase();
  const isAgent = AGENT_ID_PATTERN.test(loginAsTyped(person.idpLogin, deps.usernameRule));
  return loginIsEmail && !isAgent ? idpLoginOf(oktaPrefix, newEmail) : person.idpLogin;
}

async function clientOf(db: Db, clientId: string) {
  const [client] = await db
    .select({ name: clients.name, oktaPrefix: clients.oktaPrefix })
    .from(clients)
    .where(eq(clients.id, clientId));
  if (client === undefined) throw notFound();
  return client;
}

/**
 * Asks for a change of e-mail (issue 34 item 5, docs/flows/my-account.md): a code goes to the new address. The answer
 * is the same whether the address is free or already someone's (no enumeration); the uniqueness is checked at the
 * confirmation. A person has at most EMAIL_REQUESTS_PER_HOUR requests an hour (429 beyond); a new request leaves the
 * older ones unusable.
 */
export async function requestEmailChange(
  deps: EmailChangeDeps,
  person: InstanceRow,
  newEmail: string,
): Promise<EmailChangeRequested> {
  const { db } = deps;
  if (person.ssoUser)
    throw new ProblemError(409, 'conflict', 'A single-sign-on account’s e-mail is changed by its organisation.');
  if (newEmail.toLowerCase() === person.email.toLowerCase())
    throw new ProblemError(400, 'validation_failed', 'This is already your e-mail address.', [
      { field: 'body.newEmail', message: 'This is already your e-mail address.' },
    ]);
  const code = newCode();
  const salt = newSalt();
  const expiresAt = new Date(Date.now() + EMAIL_CODE_TTL_MS);
  const id = await db.transaction(async (tx) => {
    // Counted under the person's row lock, so two requests at once cannot both pass the limit.
    await tx.execute(sql`select 1 from ${instances} where ${instances.id} = ${person.id} for update`);
    const [recent] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(emailChangeRequests)
      .where(
        and(
          eq(emailChangeRequests.instanceId, person.id),
          gt(emailChangeRequests.createdAt, new Date(Date.now() - 60 * 60_000)),
        ),
      );
    if ((recent?.n ?? 0) >= EMAIL_REQUESTS_PER_HOUR)
      throw new ProblemError(429, 'rate_limited', 'Too many requests. Try again later.');
    await tx
      .update(emailChangeRequests)
      .set({ usedAt: new Date() })
      .where(and(eq(emailChangeRequests.instanceId, person.id), isNull(emailChangeRequests.usedAt)));
    const [row] = await tx
      .insert(emailChangeRequests)
      .values({
        instanceId: person.id,
        newEmail,
        codeSalt: salt,
        codeHash: hashCode(code, salt, deps.codeKey),
        expiresAt,
      })
      .returning({ id: emailChangeRequests.id });
    await auditTrail.record(tx, {
      actor: person.idpLogin,
      action: 'request',
      entity: 'email-change',
      entityId: person.id,
      clientId: person.clientId,
      before: null,
      after: { newEmail },
    });
    return (row as { id: string }).id;
  });
  const client = await clientOf(db, person.clientId);
  await deps.mailer.send(emailChangeCodeMail(newEmail, person.culture as Culture, client.name, code));
  return { requestId: id, expiresAt: expiresAt.toISOString() };
}

/**
 * Confirms a change with the code: only the person's own request (another's id is 404), unused, unexpired, within
 * its tries. Then the address must be free in the client (409 otherwise); the identity provider's user gets the new
 * e-mail, and the new login when the login is the e-mail (an agent keeps theirs), first, then one portal transaction writes the profile (a failure there puts the old login back),
 * and the old address gets a notice.
 */
export async function confirmEmailChange(
  deps: EmailChangeDeps,
  person: InstanceRow,
  requestId: string,
  code: string,
): Promise<void> {
  const { db, directory } = deps;
  const [request] = await db
    .select()
    .from(emailChangeRequests)
    .where(and(eq(emailChangeRequests.id, requestId), eq(emailChangeRequests.instanceId, person.id)));
  if (request === undefined) throw notFound();
  if (
    request.usedAt !== null ||
    request.expiresAt.getTime() <= Date.now() ||
    request.attempts >= EMAIL_CODE_MAX_ATTEMPTS
  )
    throw wrongCode();
  if (!codeMatches(code, request.codeSalt, request.codeHash, deps.codeKey)) {
    await db
      .update(emailChangeRequests)
      .set({ attempts: sql`${emailChangeRequests.attempts} + 1` })
      .where(eq(emailChangeRequests.id, request.id));
    throw wrongCode();
  }
  // Spent before anything else: a code serves once, even if what follows fails.
  const spent = await db
    .update(emailChangeRequests)
    .set({ usedAt: new Date() })
    .where(and(eq(emailChangeRequests.id, request.id), isNull(emailChangeRequests.usedAt)))
    .returning({ id: emailChangeRequests.id });
  if (spent.length !== 1) throw wrongCode();

  const newEmail = request.newEmail;
  const client = await clientOf(db, person.clientId);
  const newLogin = loginAfterChange(deps, person, client.oktaPrefix, newEmail);
  const loginChanges = newLogin !== person.idpLogin;
  const [other] = await db
    .select({ id: instances.id })
    .from(instances)
    .where(
      and(
        ne(instances.id, person.id),
        // Parenthesised whole: `and` does not wrap a raw fragment, and a bare `or` would let the person match themselves.
        sql`((lower(${instances.email}) = ${newEmail.toLowerCase()} and ${instances.clientId} = ${person.clientId})
          or lower(${instances.idpLogin}) = ${newLogin.toLowerCase()})`,
      ),
    );
  if (other !== undefined || (loginChanges && (await directory.getUser(newLogin)) !== null)) throw taken();

  const idpUserId = person.idpUserId ?? (await directory.getUser(person.idpLogin))?.id;
  if (idpUserId === undefined) throw notFound();
  // The person's own change: the System Log names them. The login may change with it, so putting it back (below)
  // is done for the person under the login they then have.
  await directory.actingFor(person.idpLogin).updateProfile(idpUserId, { login: newLogin, email: newEmail });
  try {
    await db.transaction(async (tx) => {
      const updated = await tx
        .update(instances)
        .set({
          email: newEmail,
          idpLogin: newLogin,
          // Linked now if it was not: the person's tokens then find them by the identity provider's id, not the old login.
          idpUserId,
          version: sql`${instances.version} + 1`,
          updatedAt: new Date(),
        })
        .where(and(eq(instances.id, person.id), eq(instances.version, person.version)))
        .returning({ id: instances.id });
      if (updated.length !== 1) throw staleUpdate();
      await auditTrail.record(tx, {
        actor: newLogin,
        action: 'update',
        entity: 'email-change',
        entityId: person.id,
        clientId: person.clientId,
        before: { email: person.email },
        after: { email: newEmail },
      });
    });
  } catch (error) {
    await directory
      .actingFor(newLogin)
      .updateProfile(idpUserId, { login: person.idpLogin, email: person.email })
      .catch((cause: unknown) => {
        deps.log.warn({ idpUserId, cause }, 'my-account: could not put back the login of a failed e-mail change');
      });
    // A unique constraint met by a profile written meanwhile is the same "taken" as above.
    if (error instanceof ProblemError) throw error;
    throw taken();
  }
  await deps.mailer
    .send(emailChangedMail(person.email, person.culture as Culture, client.name, newEmail))
    .catch((cause: unknown) => {
      deps.log.warn({ cause }, 'my-account: the e-mail change notice could not be mailed');
    });
}
