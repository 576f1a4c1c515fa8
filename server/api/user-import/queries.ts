import { and, asc, count, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { ImportJob, ImportProblem } from '@contracts/user-import';
import type { Db } from '../../db/client';
import {
  clients,
  importJobRows,
  importJobs,
  instanceApplicationRoles,
  instanceFieldValues,
  instances,
} from '../../db/schema';
import type { ClientRow, ImportJobRow } from '../../db/rows';
import { notFound } from '../../http/problem';
import { reaches, type AdminReach } from '../support/reach';
import type { KnownPerson } from './plan';
import { ACTIVATION_PENDING, ACTIVATION_SENDING } from './activations';

/** Clients whose people may be imported: their OktaPrefix contains the provider prefix (spec §2, §6), any case. */
const importable = (providerPrefix: string) =>
  sql`strpos(upper(${clients.oktaPrefix}), ${providerPrefix.toUpperCase()}) > 0`;

export async function importableClients(db: Db, reach: AdminReach, providerPrefix: string) {
  const rows = await db
    .select({ id: clients.id, name: clients.name, oktaPrefix: clients.oktaPrefix })
    .from(clients)
    .where(importable(providerPrefix))
    .orderBy(asc(clients.name));
  return rows.filter((row) => reaches(reach, row.id));
}

/** The client an import names, when the caller reaches it and it is importable; anything else answers as missing. */
export async function importClient(db: Db, reach: AdminReach, providerPrefix: string, id: string): Promise<ClientRow> {
  const [client] = await db
    .select()
    .from(clients)
    .where(and(eq(clients.id, id), importable(providerPrefix)));
  if (client === undefined || !reaches(reach, client.id)) throw notFound('No client has this id.');
  return client;
}

/** The people of the client these e-mails name (without case), with their values of `fieldIds` and their roles. */
export async function knownPeople(db: Db, clientId: string, emails: string[]): Promise<Map<string, KnownPerson>> {
  const found = new Map<string, KnownPerson>();
  if (emails.length === 0) return found;
  const people = await db
    .select()
    .from(instances)
    .where(and(eq(instances.clientId, clientId), inArray(sql`lower(${instances.email})`, emails)));
  if (people.length === 0) return found;
  const ids = people.map((person) => person.id);
  const [values, roles] = await Promise.all([
    db.select().from(instanceFieldValues).where(inArray(instanceFieldValues.instanceId, ids)),
    db.select().from(instanceApplicationRoles).where(inArray(instanceApplicationRoles.instanceId, ids)),
  ]);
  for (const person of people)
    found.set(person.email.toLowerCase(), {
      id: person.id,
      version: person.version,
      firstName: person.firstName,
      lastName: person.lastName,
      idpUserId: person.idpUserId,
      idpLogin: person.idpLogin,
      ssoUser: person.ssoUser,
      isAulAdmin: person.isAulAdmin,
      values: new Map(values.filter((v) => v.instanceId === person.id).map((v) => [v.fieldId, v.value])),
      roles: new Map(roles.filter((r) => r.instanceId === person.id).map((r) => [r.applicationId, r.roleValue])),
    });
  return found;
}

/** A job the caller may see: its client within their reach; any other answers as a missing one. */
export async function reachableJob(db: Db, reach: AdminReach, id: string): Promise<ImportJobRow> {
  const [job] = await db.select().from(importJobs).where(eq(importJobs.id, id));
  if (job === undefined || !reaches(reach, job.clientId)) throw notFound('No import has this id.');
  return job;
}

/** The job as the API answers it, its commit's outcomes counted from its rows. */
export async function jobRecord(db: Db, job: ImportJobRow): Promise<ImportJob> {
  const tally = await db
    .select({
      outcome: importJobRows.outcome,
      rows: count(),
      mailsWaiting:
        sql<number>`count(*) filter (where ${inArray(importJobRows.outcomeMessage, [ACTIVATION_PENDING, ACTIVATION_SENDING])})`.mapWith(
          Number,
        ),
    })
    .from(importJobRows)
    .where(eq(importJobRows.jobId, job.id))
    .groupBy(importJobRows.outcome);
  const of = (outcome: string) => tally.find((row) => row.outcome === outcome)?.rows ?? 0;
  const outcomes = {
    created: of('created'),
    updated: of('updated'),
    unchanged: of('unchanged'),
    skipped: of('skipped'),
    failed: of('failed'),
  };
  return {
    id: job.id,
    clientId: job.clientId,
    fileName: job.fileName,
    createdBy: job.createdBy,
    createdAt: job.createdAt.toISOString(),
    status: job.status,
    mode: job.mode ?? null,
    columns: job.columns,
    counts: {
      total: job.total,
      new: job.newCount,
      updated: job.updatedCount,
      unchanged: job.unchangedCount,
      failed: job.failedCount,
      done: Object.values(outcomes).reduce((sum, n) => sum + n, 0),
    },
    outcomes,
    mails: {
      total: job.mailsTotal,
      done: Math.max(0, job.mailsTotal - tally.reduce((sum, row) => sum + row.mailsWaiting, 0)),
    },
    finishedAt: job.finishedAt?.toISOString() ?? null,
  };
}

/** Every problem of the dry run's failing rows, in line order. */
export async function jobProblems(db: Db, jobId: string): Promise<ImportProblem[]> {
  const rows = await db
    .select({ problems: importJobRows.problems })
    .from(importJobRows)
    .where(and(eq(importJobRows.jobId, jobId), eq(importJobRows.plan, 'failed')))
    .orderBy(asc(importJobRows.line));
  return rows.flatMap((row) => row.problems);
}

/** The next rows a commit has still to apply, in line order, after `line`. */
export const pendingRows = (db: Db, jobId: string, afterLine: number, limit: number) =>
  db
    .select()
    .from(importJobRows)
    .where(and(eq(importJobRows.jobId, jobId), isNull(importJobRows.outcome), gt(importJobRows.line, afterLine)))
    .orderBy(asc(importJobRows.line))
    .limit(limit);

/** The import history of a client, newest first. */
export const jobsOf = (db: Db, clientId: string, limit = 50) =>
  db
    .select()
    .from(importJobs)
    // A file still being checked is not an import yet: the history lists it once its preview exists.
    .where(and(eq(importJobs.clientId, clientId), ne(importJobs.status, 'checking')))
    .orderBy(desc(importJobs.createdAt))
    .limit(limit);

/** Every row of a job in line order (the report). */
export const rowsOf = (db: Db, jobId: string) =>
  db.select().from(importJobRows).where(eq(importJobRows.jobId, jobId)).orderBy(asc(importJobRows.line));
