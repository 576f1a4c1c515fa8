import { and, count, eq, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Application, ApplicationCreateSchema, ApplicationUpdateSchema } from '@contracts/admin/applications';
import type { Db, Tx } from '../../db/client';
import { applications, clientApplications, regions } from '../../db/schema';
import {
  createRecord,
  deleteRecord,
  takenWithoutCase,
  updateRecord,
  type CatalogueKind,
} from '../support/catalogue-writes';
import { duplicate, invalidField, stillInUse } from '../support/problems';
import { readApplication } from './queries';

type ApplicationInput = v.InferOutput<typeof ApplicationCreateSchema>;
type ApplicationEdit = v.InferOutput<typeof ApplicationUpdateSchema>;

const constraints = {
  applications_name_unique: { field: 'applicationName', what: 'application name' },
  applications_alias_unique: { field: 'alias', what: 'alias' },
};

/** Names and aliases are unique whatever their case (the tables' constraints only compare exactly). */
async function assertUnique(tx: Tx, input: ApplicationInput, exceptId: string | null): Promise<void> {
  const columns = { id: applications.id };
  if (
    await takenWithoutCase(tx, applications, { ...columns, value: applications.name }, input.applicationName, exceptId)
  )
    throw duplicate('applicationName', 'application name');
  const alias = input.alias ?? null;
  if (
    alias !== null &&
    (await takenWithoutCase(tx, applications, { ...columns, value: applications.alias }, alias, exceptId))
  )
    throw duplicate('alias', 'alias');
}

async function assertRegion(tx: Tx, regionId: string): Promise<void> {
  const [region] = await tx.select({ id: regions.id }).from(regions).where(eq(regions.id, regionId));
  if (region === undefined) throw invalidField('regionId', 'no region has this id');
}

const rowOf = (input: ApplicationInput) => ({
  name: input.applicationName,
  alias: input.alias ?? null,
  regionId: input.regionId,
  link: input.applicationLink,
  iconIdentifier: input.iconIdentifier,
  defaultRoleValue: input.defaultRoleValue,
});

const applicationKind: CatalogueKind<Application, typeof applications> = {
  entity: 'application',
  table: applications,
  constraints,
  read: readApplication,
  missing: 'No application has this id.',
};

/** POST Application. */
export function createApplication(db: Db, input: ApplicationInput, actor: string): Promise<Application> {
  return createRecord(db, applicationKind, actor, async (tx) => {
    await assertRegion(tx, input.regionId);
    await assertUnique(tx, input, null);
    const [inserted] = await tx.insert(applications).values(rowOf(input)).returning({ id: applications.id });
    if (inserted === undefined) throw new Error('inserting the application returned no row');
    return inserted.id;
  });
}

/**
 * PUT Application/{id}. The name never changes, and neither does an alias once it has a value (spec §2: both are
 * read-only in the dialog then; other systems know the application by them).
 */
export function updateApplication(db: Db, id: string, edit: ApplicationEdit, actor: string): Promise<Application> {
  return updateRecord(db, applicationKind, actor, {
    id,
    version: edit.version,
    check: async (tx, current) => {
      if (edit.applicationName !== current.name)
        throw invalidField('applicationName', 'the name of an application cannot change');
      if (current.alias !== null && (edit.alias ?? null) !== current.alias)
        throw invalidField('alias', 'an alias cannot change once it has a value');
      await assertRegion(tx, edit.regionId);
      await assertUnique(tx, edit, id);
    },
    write: async (tx) => {
      await tx
        .update(applications)
        .set({ ...rowOf(edit), version: sql`${applications.version} + 1` })
        .where(eq(applications.id, id));
    },
  });
}

/**
 * DELETE Application/{id}. Refused while a client offers it (active): people would lose it from their board. Rows of
 * clients that switched it off, and the roles people held in it, go with it.
 */
export function deleteApplication(db: Db, id: string, actor: string): Promise<void> {
  return deleteRecord(db, applicationKind, actor, {
    id,
    check: async (tx) => {
      const [active] = await tx
        .select({ n: count() })
        .from(clientApplications)
        .where(and(eq(clientApplications.applicationId, id), eq(clientApplications.active, true)));
      if ((active?.n ?? 0) > 0)
        throw stillInUse(
          `The application is active for ${String(active?.n)} client(s); deactivate it for them before deleting it.`,
        );
    },
  });
}
