import { and, eq, sql } from 'drizzle-orm';
import { normaliseCulture } from '@contracts/culture';
import { detailMessages } from '@contracts/forms/problem';
import type { FormViewer } from '@contracts/forms/profile-rules';
import type { RegisterBody } from '@contracts/instance';
import { signUpCaptchaOn } from '@contracts/resources';
import type { CaptchaPort } from '../../captcha/port';
import type { Db, Tx } from '../../db/client';
import type { InstanceRow } from '../../db/rows';
import { instances } from '../../db/schema';
import { idpLoginOf } from '../../db/seed';
import { DirectoryRefusal } from '../../directory/errors';
import type { DirectoryPort } from '../../directory/port';
import { ProblemError, problemMessages, validationFailed } from '../../http/problem';
import { burnVerificationTime } from '../../idp/users/passwords';
import type { AttemptCounter, RateLimit } from '../../idp/rate-limit';
import type { Mailer } from '../../mail/mailer';
import {
  checkEmail,
  checkFields,
  checkSecurity,
  fixedInputRules,
  namesOf,
  passwordOwnerOf,
  Refusals,
  valuesToSave,
} from '../instance/boundary';
import { createPerson } from '../instance/create-person';
import { readFormDefinition } from '../instance/form-queries';
import { acceptableInvitation, consumeInvitation, invalidInvitation } from '../invitations/validity';
import type { AcceptableInvitation } from '../invitations/validity';
import { findClient } from '../profile/service';
import { readSettings } from '../resources/settings';
import { currentTerms } from '../terms/queries';
import { recordAcceptance } from '../terms/service';

/** A sign-up sees the form as a guest does (no administrator's fields, the template's hidden flags). */
export const REGISTER_VIEWER: FormViewer = { admin: false, role: 'guest' };

/**
 * Sign-up limits: per client address (an office behind one NAT signs up a few people, a script hundreds) and per
 * e-mail (nobody needs to sign the same address up more than a few times an hour; more floods its owner's mailbox).
 */
export interface SignUpLimits {
  perAddress: RateLimit;
  perEmail: RateLimit;
}
export const defaultSignUpLimits: SignUpLimits = {
  perAddress: { max: 20, windowMs: 15 * 60_000 },
  perEmail: { max: 5, windowMs: 60 * 60_000 },
};

export interface SignUpDeps {
  db: Db;
  directory: DirectoryPort;
  captcha: CaptchaPort;
  mailer: Mailer;
  counter: AttemptCounter;
  limits: SignUpLimits;
  publicUrl: string;
  /** The key invitations' `st` tokens are sealed under (server/api/invitations). */
  invitationKey: Uint8Array;
  log: { warn(fields: Record<string, unknown>, message: string): void };
}

const rateLimited = () => new ProblemError(429, 'rate_limited', problemMessages[429]);

const captchaRefusal = { invalid: 'is not valid', expired: 'has expired', replayed: 'was already used' } as const;

/**
 * Whether the registration must carry a solved captcha: yes unless the client's settings turn it off
 * (RecaptchaFeatureEnabled other than "true", public-and-profile §5, by the rule the SPA runs too). A client that does
 * not exist keeps the captcha (it is refused naming `body.clientId` further on), so the flag opens nothing for it.
 */
async function captchaRequired(db: Db, clientRef: string): Promise<boolean> {
  const client = await findClient(db, clientRef);
  return client === undefined || signUpCaptchaOn(await readSettings(db, client.id));
}

/** The sign-up client: one that exists and allows sign-up (AutoSignUp); any other is refused naming `body.clientId`. */
export async function signUpClient(db: Db, ref: string) {
  const client = await findClient(db, ref);
  return client?.autoSignUp === true ? client : undefined;
}

/**
 * POST Instance/Register (spec §7, no auth), in this order: the captcha (before anything else but the client's
 * RecaptchaFeatureEnabled setting that may turn it off; spent once), the rate
 * limits (per address, per e-mail), the client, the form's rules (one 400 naming every input; the password policy
 * too, so a weak password is refused alike for a known and a new e-mail), then either
 * - an e-mail the client already knows (its profile, or a login the identity provider already has): its owner gets a
 *   mail, and the answer is the one a new person gets — no enumeration; or
 * - a new person, created as ONE unit (`createPerson`, shared with an administrator's create): the profile (instance,
 *   field values, default roles), then the identity-provider user with the password and recovery question; neither
 *   remains without the other.
 */
export async function register(deps: SignUpDeps, body: RegisterBody, remoteIp: string): Promise<void> {
  const { db } = deps;
  const email = body.email.trim();
  const invitation = await invitationOf(deps, body, email);
  if (invitation === null && (await captchaRequired(db, body.clientId))) {
    const verdict = await deps.captcha.verify(body.captcha, { remoteIp, action: 'register' });
    if (verdict !== 'ok') throw validationFailed([{ field: 'body.captcha', message: captchaRefusal[verdict] }]);
  }

  const address = `signUpAddress:${remoteIp}`;
  const mailbox = `signUpEmail:${email.toLowerCase()}`;
  const [byAddress, byEmail] = [
    await deps.counter.hit(address, deps.limits.perAddress.windowMs),
    await deps.counter.hit(mailbox, deps.limits.perEmail.windowMs),
  ];
  if (byAddress > deps.limits.perAddress.max || byEmail > deps.limits.perEmail.max) throw rateLimited();

  const client = await signUpClient(db, body.clientId);
  if (client === undefined) throw validationFailed([{ field: 'body.clientId', message: detailMessages.invalid }]);
  const culture = normaliseCulture(body.culture ?? client.defaultCulture);
  const form = await readFormDefinition(db, client, REGISTER_VIEWER, null);
  const login = idpLoginOf(client.oktaPrefix, email);
  const refusals = new Refusals();
  const rules = await fixedInputRules(db, client.id, culture);
  checkEmail(refusals, email, rules.email);
  checkFields(refusals, form, body.fields, REGISTER_VIEWER);
  const given = namesOf(form, valuesToSave(form, body.fields, REGISTER_VIEWER), { firstName: '', lastName: '' });
  await checkSecurity(db, refusals, body.security, {
    mode: 'Register',
    login,
    initialQuestion: null,
    answerRules: rules.answer,
    clientId: client.id,
    owner: await passwordOwnerOf(db, client.id, { email, names: [given.firstName, given.lastName] }),
  });
  // The client's current terms, when it has published any, must be accepted as they stand now (issue 34 item 2).
  const terms = await currentTerms(db, client.id, culture);
  if (terms !== null && body.terms?.number !== terms.number)
    refusals.add(
      'body.terms',
      body.terms === undefined ? 'must accept the terms of use' : 'is not the current version',
    );
  refusals.throwIfAny();

  const [known] = await db
    .select({ id: instances.id, signUpPending: instances.signUpPending, createdAt: instances.createdAt })
    .from(instances)
    .where(and(eq(instances.clientId, client.id), eq(sql`lower(${instances.email})`, email.toLowerCase())))
    .limit(1);
  if (known !== undefined) {
    if (!(await isAbandonedSignUp(deps, known, login))) {
      if (invitation !== null) await spend(db, invitation);
      return answerKnown(deps, email, client, body.security.password);
    }
    await db.delete(instances).where(and(eq(instances.id, known.id), eq(instances.signUpPending, true)));
  }

  const values = valuesToSave(form, body.fields, REGISTER_VIEWER);
  // A newcomer holds each application's default role, so the board offers them the client's applications.
  const roles = form.applications.map((app) => ({ applicationId: app.applicationId, roleValue: app.defaultRoleValue }));
  let created: InstanceRow | null;
  try {
    created = await createPerson(
      deps,
      {
        clientId: client.id,
        email,
        login,
        culture,
        names: namesOf(form, values, { firstName: '', lastName: '' }),
        values,
        roles,
      },
      {
        kind: 'password',
        password: body.security.password,
        recoveryQuestion: { question: body.security.securityQuestion.trim(), answer: body.security.securityAnswer },
      },
      undefined,
      // The invitation is spent with the link, in its transaction: a second registration with it finds it accepted;
      // the acceptance of the terms is recorded there too, so no person exists without it.
      async (tx, linked) => {
        if (invitation !== null) await spendIn(tx, invitation);
        if (terms !== null && body.terms !== undefined)
          await recordAcceptance(tx, { instanceId: linked.id, clientId: client.id }, body.terms, remoteIp);
      },
    );
  } catch (error) {
    // A login the identity provider already has (a person it knows whom this client's profiles do not): the owner of
    // the address is told, the caller gets the usual answer.
    if (error instanceof DirectoryRefusal && error.statusCode === 409) return answerKnown(deps, email, client, null);
    if (error instanceof DirectoryRefusal && error.statusCode === 400)
      throw validationFailed(
        (error.details ?? [{ field: 'body', message: error.message }]).map((detail) => ({
          field: detail.field
            .replace(/^body\.(password|recovery_question)/, 'body.security.$1')
            .replace('body.security.recovery_question', 'body.security.securityAnswer'),
          message: detail.message,
        })),
      );
    throw error;
  }
  // A simultaneous sign-up for the same e-mail inserted first (the unique e-mail or login): this one is a known e-mail.
  if (created === null) return answerKnown(deps, email, client, body.security.password);
}

/**
 * The invitation a registration brings instead of a captcha: none without a token; with one, it must be an
 * invitation still open for this client and this very e-mail, else the registration is refused as the token check is
 * (never silently asked for a captcha instead).
 */
async function invitationOf(deps: SignUpDeps, body: RegisterBody, email: string): Promise<AcceptableInvitation | null> {
  if (body.invitation === undefined) return null;
  const invitation = await acceptableInvitation(deps.db, deps.invitationKey, body.invitation, body.clientId);
  if (invitation?.email.toLowerCase() !== email.toLowerCase()) throw invalidInvitation();
  return invitation;
}

const spendIn = async (tx: Tx, invitation: AcceptableInvitation) => {
  if (!(await consumeInvitation(tx, invitation.id))) throw invalidInvitation();
};
const spend = (db: Db, invitation: AcceptableInvitation) => db.transaction((tx) => spendIn(tx, invitation));

/** How long a sign-up may take between its profile insert and the link before it counts as abandoned. */
export const ABANDONED_SIGN_UP_AFTER_MS = 15 * 60 * 1000;

/**
 * A profile a sign-up wrote but never linked (the process stopped between the two steps): still pending, older than
 * any sign-up under way, and no identity-provider user has its login. Anything else is a real, known person.
 */
async function isAbandonedSignUp(
  deps: SignUpDeps,
  known: { signUpPending: boolean; createdAt: Date },
  login: string,
): Promise<boolean> {
  if (!known.signUpPending || Date.now() - known.createdAt.getTime() < ABANDONED_SIGN_UP_AFTER_MS) return false;
  return (await deps.directory.getUser(login)) === null;
}

/**
 * An e-mail the client knows: a mail to its owner, the argon2 work a new sign-up costs, and the usual answer. The mail
 * is not awaited: a new e-mail makes no SMTP round trip, so waiting for one here would tell the two apart by time. A
 * mail that fails is logged.
 */
async function answerKnown(
  deps: SignUpDeps,
  email: string,
  client: { name: string; portalAlias: string },
  password: string | null,
): Promise<void> {
  if (password !== null) await burnVerificationTime(password);
  void deps.mailer
    .send({
      to: email,
      subject: `Your ${client.name} account`,
      text:
        `Someone (perhaps you) asked to sign up for ${client.name} with this e-mail address, which already has an ` +
        `account.\n\nSign in at ${deps.publicUrl}/Login/${client.portalAlias}. If you have forgotten your password, ` +
        `use "Forgot password" on that page.\n\nIf it was not you, you can ignore this mail: nothing has changed.`,
    })
    .catch((cause: unknown) => {
      deps.log.warn({ cause }, 'sign-up: could not mail the owner of a known e-mail');
    });
}
