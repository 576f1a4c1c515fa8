import { and, eq, sql } from 'drizzle-orm';
import type { FormDefinition } from '@contracts/profile-form';
import type { Db } from '../../db/client';
import type { InstanceRow } from '../../db/rows';
import { instances } from '../../db/schema';
import { notFound } from '../../http/problem';
import { findClient } from '../profile/service';

/** One answer for an unknown client, an unknown e-mail and a person the caller may not work on: nothing leaks. */
export const NO_PROFILE_BY_EMAIL = 'No profile has this e-mail in this client.';

/**
 * The person of `email` (any case) in the client `clientRef` names (UUID or portal alias), or undefined. The caller's
 * right to the profile is checked after, by `accessTo`, with the same 404 as a miss.
 */
export async function findInstanceByEmail(db: Db, email: string, clientRef: string): Promise<InstanceRow | undefined> {
  const client = await findClient(db, clientRef);
  if (client === undefined) return undefined;
  const [row] = await db
    .select()
    .from(instances)
    .where(and(eq(instances.clientId, client.id), eq(sql`lower(${instances.email})`, email.toLowerCase())))
    .limit(1);
  return row;
}

/**
 * The form narrowed to one active application of the client, by name or alias (any case): that application alone,
 * and only the fields its template places (the five-part `InstanceByApplicationName` path). An application the client
 * does not offer answers 404.
 */
export function formForApplication(form: FormDefinition, applicationName: string): FormDefinition {
  const wanted = applicationName.trim().toLowerCase();
  const application = form.applications.find(
    (app) => app.applicationName.toLowerCase() === wanted || app.alias.toLowerCase() === wanted,
  );
  if (application === undefined) throw notFound('The client offers no application of this name.');
  const placed = new Set(application.fieldNames);
  return {
    ...form,
    fields: form.fields
      .filter((field) => placed.has(field.fieldName))
      .map((field, displayOrder) => ({ ...field, displayOrder })),
    applications: [application],
  };
}
