import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { importModes, importStatuses, type ImportProblem, type ImportRoles } from '@contracts/user-import';
import { id, rowVersion, sqlList } from './columns';
import { clients } from './portal';

/** What the dry run says a row would do, and what the commit then did with it. */
export const importPlans = ['new', 'update', 'unchanged', 'failed'] as const;
export const importOutcomes = ['created', 'updated', 'unchanged', 'skipped', 'failed'] as const;

/**
 * A user import (contracts/user-import.ts): one uploaded file of one client, its dry run and its commit. The counts
 * are the dry run's; a commit's progress and outcome are counted from its rows, whose outcome is written in the same
 * transaction as the person, so after a crash the job still says exactly which rows were done.
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: id(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    fileSize: integer('file_size').notNull(),
    /** Login of whoever uploaded the file, and of whoever committed it. */
    createdBy: text('created_by').notNull(),
    committedBy: text('committed_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status').$type<(typeof importStatuses)[number]>().notNull().default('previewed'),
    mode: text('mode').$type<(typeof importModes)[number]>(),
    /** The header as the file named it (the form's names), in order. */
    columns: jsonb('columns').$type<string[]>().notNull(),
    /** The roles the client's applications offered when the file was uploaded (the commit grants by the same list). */
    roles: jsonb('roles').$type<ImportRoles>().notNull(),
    total: integer('total').notNull(),
    newCount: integer('new_count').notNull(),
    updatedCount: integer('updated_count').notNull(),
    unchangedCount: integer('unchanged_count').notNull(),
    failedCount: integer('failed_count').notNull(),
    /** Renewed while a commit runs; a job `committing` whose heartbeat stopped was interrupted and may resume. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    /** The activation mails due when the mail phase began (the progress of `mailing` counts down from it). */
    mailsTotal: integer('mails_total').notNull().default(0),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ...rowVersion,
  },
  (t) => [
    index('import_jobs_client_created_idx').on(t.clientId, t.createdAt),
    check('import_jobs_status_check', sql`${t.status} in (${sqlList(importStatuses)})`),
    check('import_jobs_mode_check', sql`${t.mode} is null or ${t.mode} in (${sqlList(importModes)})`),
  ],
);

/** One data row of an import file: its values by column, the dry run's plan and problems, and the commit's outcome. */
export const importJobRows = pgTable(
  'import_job_rows',
  {
    id: id(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => importJobs.id, { onDelete: 'cascade' }),
    /** The file's line where the row starts (the header is line 1). */
    line: integer('line').notNull(),
    email: text('email').notNull(),
    values: jsonb('values').$type<Record<string, string>>().notNull(),
    plan: text('plan').$type<(typeof importPlans)[number]>().notNull(),
    problems: jsonb('problems').$type<ImportProblem[]>().notNull(),
    outcome: text('outcome').$type<(typeof importOutcomes)[number]>(),
    /** Why a row failed at commit (the dry run's problems are in `problems`). */
    outcomeMessage: text('outcome_message'),
    /** The profile the row created or updated. */
    instanceId: uuid('instance_id'),
  },
  (t) => [
    unique('import_job_rows_job_line_unique').on(t.jobId, t.line),
    index('import_job_rows_job_outcome_idx').on(t.jobId, t.outcome),
    check('import_job_rows_plan_check', sql`${t.plan} in (${sqlList(importPlans)})`),
    check('import_job_rows_outcome_check', sql`${t.outcome} is null or ${t.outcome} in (${sqlList(importOutcomes)})`),
  ],
);
