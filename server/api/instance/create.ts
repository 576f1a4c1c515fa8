import { and, eq, sql } from 'drizzle-orm';
import { normaliseCulture } from '@contracts/culture';
import { detailMessages } from '@contracts/forms/problem';
import type { InstanceCreate } from '@contracts/instance';
import type { Principal } from '../../auth/principal';
import type { InstanceRow } from '../../db/rows';
import { instances } from '../../db/schema';
import { idpLoginOf } from '../../db/seed';
import { DirectoryRefusal } from '../../directory/errors';
import { notFound, validationFailed } from '../../http/problem';
import { findClient } from '../profile/service';
import { reachOf, reaches } from '../support/reach';
import { checkEmail, checkFields, fixedInputRules, namesOf, Refusals, valuesToSave } from './boundary';
import { createPerson, type CreatePersonDeps, type NewIdentity } from './create-person';
import { readFormDefinition } from './form-queries';
import { adminAccess, checkRoles } from './service';

export interface CreateDeps extends CreatePersonDeps {
  providerPrefix: string;
}

/** The e-mail names someone the client (or its identity provider) already has. */
const emailTaken = () => validationFailed([{ field: 'body.email', message: detailMessages.duplicate }]);

/**
 * POST Instance (an administrator's create, Admin mode; admin-and-board §2 "manage-users page"): a person of a client
 * the caller reaches — the provider administrator any client, a client administrator their own only (another client
 * answers as a missing one, 404, whatever the SPA sends). The form's rules first, as for a save (one 400 naming every
 * input, the e-mail required), then the person as one unit with the identity-provider user and the audit row
 * (`createPerson`, shared with sign-up); the person sets their password through the activation mail.
 */
export async function createInstance(
  deps: CreateDeps,
  caller: Principal,
  body: InstanceCreate,
  /** SCIM's provisioning (server/scim): how the person signs in first, their external id, what the audit adds. */
  provisioning: { identity?: NewIdentity; scimExternalId?: string | null; detail?: Record<string, unknown> } = {},
): Promise<InstanceRow> {
  const { db } = deps;
  const client = await findClient(db, body.clientId);
  if (client === undefined || !reaches(await reachOf(db, caller, deps.providerPrefix), client.id))
    throw notFound('No client has this id.');
  const access = adminAccess(caller);
  const form = await readFormDefinition(db, client, access.viewer, null);
  const culture = normaliseCulture(body.culture ?? client.defaultCulture);
  const email = body.email.trim();
  const refusals = new Refusals();
  checkEmail(refusals, email, (await fixedInputRules(db, client.id, culture)).email, { required: true });
  checkFields(refusals, form, body.fields, access.viewer);
  checkRoles(refusals, form, body.applicationRoles, access);
  refusals.throwIfAny();

  const [known] = await db
    .select({ id: instances.id })
    .from(instances)
    .where(and(eq(instances.clientId, client.id), eq(sql`lower(${instances.email})`, email.toLowerCase())))
    .limit(1);
  if (known !== undefined) throw emailTaken();

  const values = valuesToSave(form, body.fields, access.viewer);
  try {
    const created = await createPerson(
      deps,
      {
        clientId: client.id,
        email,
        login: idpLoginOf(client.oktaPrefix, email),
        culture,
        names: namesOf(form, values, { firstName: '', lastName: '' }),
        values,
        roles: body.applicationRoles,
        scimExternalId: provisioning.scimExternalId ?? null,
      },
      provisioning.identity ?? { kind: 'activationMail' },
      { actor: caller.login, detail: { mode: access.mode, ...provisioning.detail } },
    );
    // Another create of the same e-mail got in first.
    if (created === null) throw emailTaken();
    return created;
  } catch (error) {
    // The identity provider already has the login (someone this client's profiles do not know): the e-mail is taken.
    if (error instanceof DirectoryRefusal && error.statusCode === 409) throw emailTaken();
    // With a password, the identity provider's refusal is its password policy's.
    if (error instanceof DirectoryRefusal && error.statusCode === 400)
      throw validationFailed([
        {
          field: provisioning.identity?.kind === 'password' ? 'body.password' : 'body.email',
          message: provisioning.identity?.kind === 'password' ? error.message : detailMessages.invalid,
        },
      ]);
    throw error;
  }
}
