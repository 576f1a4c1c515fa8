import { eq, max, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import type {
  ClientApplication,
  ClientApplicationActivationSchema,
  ClientApplicationTemplate,
  ClientApplicationTemplateUpdateSchema,
} from '@contracts/admin/client-applications';
import type { Db, Tx } from '../../db/client';
import { applications, clientApplications, templates } from '../../db/schema';
import { notFound, staleUpdate } from '../../http/problem';
import { auditTrail } from '../support/audit';
import { knownIds } from '../support/known-ids';
import { invalidField } from '../support/problems';
import { assertVersion, lockCatalogue } from '../support/write-guards';
import { clientOf, listForClient, getTemplateRecord, roleOptionsOf, templateRecordOf } from './queries';

type Activation = v.InferOutput<typeof ClientApplicationActivationSchema>;
type TemplateEdit = v.InferOutput<typeof ClientApplicationTemplateUpdateSchema>;
type Row = typeof clientApplications.$inferSelect;

/** The application ids must be known and each named once; 400 naming the first entry that is not. */
async function assertEntries(tx: Tx, entries: Activation['applications']): Promise<void> {
  if (entries.length === 0) return;
  const seen = new Set<string>();
  const known = await knownIds(
    tx,
    applications,
    applications.id,
    entries.map((entry) => entry.applicationId),
  );
  entries.forEach((entry, index) => {
    const field = `applications.${String(index)}.applicationId`;
    if (seen.has(entry.applicationId)) throw invalidField(field, 'an application appears once in the list');
    if (!known.has(entry.applicationId)) throw invalidField(field, 'no application has this id');
    seen.add(entry.applicationId);
  });
}

async function defaultTemplateId(tx: Tx): Promise<string | null> {
  const [template] = await tx.select({ id: templates.id }).from(templates).where(eq(templates.isDefault, true));
  return template?.id ?? null;
}

/**
 * PUT ClientApplication/{clientId}: the client dialog's full list of active flags. All or nothing: every entry's
 * version must still be the row's (null for an application the client never had), else 409 and nothing changes.
 * A first activation creates the row with the Default template, so the edit-template button has one to edit;
 * applications left out of the list keep their state.
 */
export async function saveActivation(
  db: Db,
  clientId: string,
  activation: Activation,
  actor: string,
): Promise<ClientApplication[]> {
  return db.transaction(async (tx) => {
    await lockCatalogue(tx, 'client_application');
    await clientOf(tx, clientId);
    await assertEntries(tx, activation.applications);
    const existing = new Map<string, Row>(
      (await tx.select().from(clientApplications).where(eq(clientApplications.clientId, clientId)).for('update')).map(
        (row) => [row.applicationId, row],
      ),
    );
    for (const entry of activation.applications) {
      if ((existing.get(entry.applicationId)?.version ?? null) !== entry.version) throw staleUpdate();
    }

    const [last] = await tx
      .select({ order: max(clientApplications.displayOrder) })
      .from(clientApplications)
      .where(eq(clientApplications.clientId, clientId));
    let nextOrder = (last?.order ?? -1) + 1;
    const templateId = await defaultTemplateId(tx);
    for (const entry of activation.applications) {
      const before = existing.get(entry.applicationId);
      if (before === undefined) {
        if (!entry.active) continue;
        const [after] = await tx
          .insert(clientApplications)
          .values({ clientId, applicationId: entry.applicationId, active: true, templateId, displayOrder: nextOrder++ })
          .returning();
        await auditTrail.record(tx, {
          actor,
          action: 'create',
          entity: 'client_application',
          entityId: after?.id ?? '',
          clientId,
          before: null,
          after,
        });
      } else if (before.active !== entry.active) {
        const [after] = await tx
          .update(clientApplications)
          .set({ active: entry.active, version: sql`${clientApplications.version} + 1` })
          .where(eq(clientApplications.id, before.id))
          .returning();
        await auditTrail.record(tx, {
          actor,
          action: 'update',
          entity: 'client_application',
          entityId: before.id,
          clientId,
          before,
          after,
        });
      }
    }
    return listForClient(tx, clientId);
  });
}

/**
 * The exclusions a save sets: none given keeps today's; else each must be one of the application's roles (or one
 * excluded today, which may stay), spelled as the application spells it; 400 naming the first that is not.
 */
async function excludedRolesOf(tx: Tx, current: Row, given: string[] | undefined): Promise<string[]> {
  if (given === undefined) return current.excludedRoles;
  const options = new Map(
    [...current.excludedRoles, ...(await roleOptionsOf(tx, current.applicationId))].map((role) => [
      role.toLowerCase(),
      role,
    ]),
  );
  return given.map((role, index) => {
    const known = options.get(role.toLowerCase());
    if (known === undefined) throw invalidField(`excludedRoles.${String(index)}`, 'the application has no such role');
    return known;
  });
}

/** PUT ClientApplicationTemplate/{id}: the client-application dialog's record. The Default template is not offered. */
export async function updateTemplateRecord(
  db: Db,
  id: string,
  edit: TemplateEdit,
  actor: string,
): Promise<ClientApplicationTemplate> {
  return db.transaction(async (tx) => {
    await lockCatalogue(tx, 'client_application');
    const [current] = await tx.select().from(clientApplications).where(eq(clientApplications.id, id)).for('update');
    if (current === undefined) throw notFound('No client application has this id.');
    assertVersion(current, edit.version);
    const [template] = await tx
      .select({ isDefault: templates.isDefault })
      .from(templates)
      .where(eq(templates.id, edit.templateId));
    if (template === undefined) throw invalidField('templateId', 'no template has this id');
    if (template.isDefault) throw invalidField('templateId', 'the Default template cannot be chosen here');
    const excludedRoles = await excludedRolesOf(tx, current, edit.excludedRoles);
    const [after] = await tx
      .update(clientApplications)
      .set({
        templateId: edit.templateId,
        oktaContainer: edit.oktaContainer,
        oktaContainerLabel: edit.oktaContainerLabel,
        rolesApiUrl: edit.rolesApiUrl,
        excludedRoles,
        version: sql`${clientApplications.version} + 1`,
      })
      .where(eq(clientApplications.id, id))
      .returning();
    await auditTrail.record(tx, {
      actor,
      action: 'update',
      entity: 'client_application',
      entityId: id,
      clientId: current.clientId,
      before: current,
      after,
    });
    return templateRecordOf(tx, await getTemplateRecord(tx, id));
  });
}
