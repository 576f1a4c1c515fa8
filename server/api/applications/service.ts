import { and, count, eq, ne, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Application, ApplicationCreateSchema, ApplicationUpdateSchema } from '@contracts/admin/applications';
import type { Db, Tx } from '../../db/client';
import { applications, clientApplications, regions } from '../../db/schema';
import { notFound } from '../../http/problem';
import { auditTrail } from '../support/audit';
import { duplicate, invalidField, stillInUse } from '../support/problems';
import { assertVersion, lockCatalogue, mapDuplicates } from '../support/write-guards';
import { readApplication } from './queries';

type ApplicationInput = v.InferOutput<typeof ApplicationCreateSchema>;
type ApplicationEdit = v.InferOutput<typeof ApplicationUpdateSchema>;

const constraints = {
  applications_name_unique: { field: 'applicationName', what: 'application name' },
  applications_alias_unique: { field: 'alias', what: 'alias' },
};

/** Names and aliases are unique whatever their case (the tables' constraints only compare exactly). */
async function assertUnique(tx: Tx, input: ApplicationInput, exceptId: string | null): Promise<void> {
  const others = exceptId === null ? undefined : ne(applications.id, exceptId);
  const [byName] = await tx
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(sql`lower(${applications.name})`, input.applicationName.toLowerCase()), others));
  if (byName !== undefined) throw duplicate('applicationName', 'application name');
  const alias = input.alias ?? null;
  if (alias === null) return;
  const [byAlias] = await tx
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(sql`lower(${applications.alias})`, alias.toLowerCase()), others));
  if (byAlias !== undefined) throw duplicate('alias', 'alias');
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

/** POST Application. */
export async function createApplication(db: Db, input: ApplicationInput, actor: string): Promise<Application> {
  return mapDuplicates(
    db.transaction(async (tx) => {
      await lockCatalogue(tx, 'application');
      await assertRegion(tx, input.regionId);
      await assertUnique(tx, input, null);
      const [inserted] = await tx.insert(applications).values(rowOf(input)).returning({ id: applications.id });
      if (inserted === undefined) throw new Error('inserting the application returned no row');
      const after = await readApplication(tx, inserted.id);
      await auditTrail.record(tx, {
        actor,
        action: 'create',
        entity: 'application',
        clientId: null,
        entityId: after.applicationId,
        before: null,
        after,
      });
      return after;
    }),
    constraints,
  );
}

/**
 * PUT Application/{id}. The name never changes, and neither does an alias once it has a value (spec §2: both are
 * read-only in the dialog then; other systems know the application by them).
 */
export async function updateApplication(
  db: Db,
  id: string,
  edit: ApplicationEdit,
  actor: string,
): Promise<Application> {
  return mapDuplicates(
    db.transaction(async (tx) => {
      await lockCatalogue(tx, 'application');
      const [current] = await tx.select().from(applications).where(eq(applications.id, id)).for('update');
      if (current === undefined) throw notFound('No application has this id.');
      assertVersion(current, edit.version);
      if (edit.applicationName !== current.name)
        throw invalidField('applicationName', 'the name of an application cannot change');
      if (current.alias !== null && (edit.alias ?? null) !== current.alias)
        throw invalidField('alias', 'an alias cannot change once it has a value');
      await assertRegion(tx, edit.regionId);
      await assertUnique(tx, edit, id);
      const before = await readApplication(tx, id);
      await tx
        .update(applications)
        .set({ ...rowOf(edit), version: sql`${applications.version} + 1` })
        .where(eq(applications.id, id));
      const after = await readApplication(tx, id);
      await auditTrail.record(tx, {
        actor,
        action: 'update',
        entity: 'application',
        clientId: null,
        entityId: id,
        before,
        after,
      });
      return after;
    }),
    constraints,
  );
}

/**
 * DELETE Application/{id}. Refused while a client offers it (active): people would lose it from their board. Rows of
 * clients that switched it off, and the roles people held in it, go with it.
 */
export async function deleteApplication(db: Db, id: string, actor: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockCatalogue(tx, 'application');
    const [current] = await tx
      .select({ id: applications.id })
      .from(applications)
      .where(eq(applications.id, id))
      .for('update');
    if (current === undefined) throw notFound('No application has this id.');
    const [active] = await tx
      .select({ n: count() })
      .from(clientApplications)
      .where(and(eq(clientApplications.applicationId, id), eq(clientApplications.active, true)));
    if ((active?.n ?? 0) > 0)
      throw stillInUse(
        `The application is active for ${String(active?.n)} client(s); deactivate it for them before deleting it.`,
      );
    const before = await readApplication(tx, id);
    await tx.delete(applications).where(eq(applications.id, id));
    await auditTrail.record(tx, {
      actor,
      action: 'delete',
      entity: 'application',
      clientId: null,
      entityId: id,
      before,
      after: null,
    });
  });
}
