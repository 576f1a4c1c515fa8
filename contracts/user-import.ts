import * as v from 'valibot';
import { CultureSchema } from './culture';
import { messageKinds } from './forms/rules';

/**
 * The user import (spec admin-and-board §2 "Manage Import Users", §3 "Import upload", §5 "Import file"; public-and-
 * profile §7 `POST Instance/uploadtemplate`). An upload is a dry run: the server parses and checks every row with the
 * profile form's rules and keeps the result as an import job; a commit then applies the job's rows, one at a time,
 * each in one unit across the profile and the identity provider. Every row of a job is in the database, so a job
 * reports exactly which rows were done, and a commit that stopped half way resumes where it was.
 */

/** Files of this many bytes or more are refused (spec §5, §9), in the browser and on the server. */
export const IMPORT_FILE_LIMIT = 1_048_576;

/** The spec's message for a file at or over the limit (admin-and-board §8 "Import too large"). */
export const fileTooLargeMessage = (fileName: string) => `File: ${fileName} is too large to upload.`;

/** The columns every file has besides the form's fields: the person's e-mail first, their role last. */
export const EMAIL_COLUMN = 'Email';
export const ROLE_COLUMN = 'Role';
/**
 * An optional column: the language of the invitation a bulk invite sends the row's person (`es`, `es-MX`, `en-us` …;
 * empty: the administrator's). Not a profile field: the import itself leaves it aside.
 */
export const CULTURE_COLUMN = 'Culture';

/** A file with more columns is refused before its rows are read (a form has far fewer fields). */
export const IMPORT_MAX_COLUMNS = 500;

/** What a commit applies: new people only, existing people only, or both. */
export const importModes = ['create', 'update', 'upsert'] as const;
export type ImportMode = (typeof importModes)[number];

/**
 * `checking`: the dry run is reading the rows (the upload answered at once; the page follows the job until it is
 * `previewed`, never holding one request open); `previewed`: dry run done; `committing`: a commit is applying rows; `mailing`: every row has its outcome and the
 * activation mails of the people created go out (a phase of its own, so the rows are not held up by them);
 * `committed`: done.
 */
export const importStatuses = ['checking', 'previewed', 'committing', 'mailing', 'committed'] as const;
export type ImportStatus = (typeof importStatuses)[number];

const EntityId = v.pipe(v.string(), v.uuid('must be an id'));
const text = (max: number) => v.pipe(v.string(), v.maxLength(max, `at most ${String(max)} characters`));

/** The roles the browser loaded for each of the client's applications (their role URLs), sent with the upload. */
export const ImportRolesSchema = v.pipe(
  v.array(v.object({ applicationId: EntityId, roles: v.pipe(v.array(text(200)), v.maxLength(500)) })),
  v.maxLength(100),
);
export type ImportRoles = v.InferOutput<typeof ImportRolesSchema>;

/**
 * `POST Instance/uploadtemplate` (spec §3 "Import upload"). `fileSize` and `fileType` are what the browser says; the
 * server goes by the bytes it decodes (the size) and by what they contain (never the type or the extension). The
 * base64 bound lets a file just over the limit arrive, so the server itself answers the spec's "too large" message.
 */
export const ImportUploadSchema = v.object({
  fileName: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(255)),
  fileSize: v.pipe(v.number(), v.integer(), v.minValue(0)),
  fileType: text(200),
  lastModified: v.number(),
  fileAsBase64: v.pipe(v.string(), v.maxLength(1_500_000, 'is too large')),
  /**
   * The uploader's e-mail (the spec's userEmailId). Optional: the bearer token already names the uploader, who is the
   * job's `createdBy`; when it is sent, the server refuses one that is not the signed-in person's own (nothing starts).
   */
  userEmailId: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(320))),
  /** The client the file's people join: one the caller reaches (another client answers 404, as a missing one). */
  clientId: EntityId,
  /**
   * Every application named must be one of the client's, and the admin application only a provider administrator's
   * (anything else refuses the upload: 400 naming `body.roles`).
   */
  roles: ImportRolesSchema,
});
export type ImportUpload = v.InferOutput<typeof ImportUploadSchema>;

export const ImportCommitSchema = v.object({ mode: v.picklist(importModes) });
export type ImportCommit = v.InferOutput<typeof ImportCommitSchema>;

/**
 * POST UserImport/jobs/{id}/invite: invite the job's new people instead of creating them. The people are the job's
 * own rows (never a list from the browser); `culture` is the administrator's language, for rows without a Culture cell.
 */
export const ImportInviteSchema = v.object({ culture: CultureSchema });
export type ImportInvite = v.InferOutput<typeof ImportInviteSchema>;

/** Its answer: invitations sent, and the new people skipped because they already had a pending one or an account. */
export const ImportInvitedSchema = v.object({
  invited: v.number(),
  alreadyInvited: v.number(),
  alreadyMembers: v.number(),
});
export type ImportInvited = v.InferOutput<typeof ImportInvitedSchema>;

export const ImportJobParamsSchema = v.object({ id: EntityId });
export const ImportClientParamsSchema = v.object({ clientId: EntityId });

/**
 * Why a row was refused when no field rule refused it: the page words each reason in the reader's language (issue 29
 * §7), while `message` keeps the report's English. Problems stored before reasons existed have none and show `message`.
 */
export const ImportReasonSchema = v.variant('code', [
  /** The CSV reader could not read the record (an unclosed quote, a stray character). */
  v.object({ code: v.literal('unreadableRow') }),
  v.object({ code: v.literal('cellCount'), cells: v.number(), columns: v.number() }),
  v.object({ code: v.literal('unknownRole'), role: v.string() }),
  /** Provider administrators are never imported into a client that does not grant the admin application. */
  v.object({ code: v.literal('providerAdministrator') }),
  v.object({ code: v.literal('repeatedEmail'), earlierLine: v.number() }),
]);
export type ImportReason = v.InferOutput<typeof ImportReasonSchema>;

/**
 * One refusal of a row: the file's line (1 is the header), the column (empty for the whole row) and why. When a field
 * rule refused the cell (contracts/forms), `failure` is the shared rules' own failure (its kind, and the field's own
 * English message when it has one), so the page words it as the profile form does, in the reader's language;
 * `message` is the server's detail text (the report's words).
 */
export const ImportProblemSchema = v.object({
  line: v.number(),
  column: v.string(),
  message: v.string(),
  failure: v.optional(v.object({ kind: v.picklist(messageKinds), message: v.optional(v.string()) })),
  reason: v.optional(ImportReasonSchema),
});
export type ImportProblem = v.InferOutput<typeof ImportProblemSchema>;

/** The dry run's verdicts, and once committed how many rows were done (created, updated or found unchanged). */
export const ImportCountsSchema = v.object({
  total: v.number(),
  new: v.number(),
  updated: v.number(),
  unchanged: v.number(),
  failed: v.number(),
  /** Rows with an outcome (commit): progress is `done / total`. */
  done: v.number(),
});
export type ImportCounts = v.InferOutput<typeof ImportCountsSchema>;

/** An import job: its dry run, its commit's progress and outcome. */
export const ImportJobSchema = v.object({
  id: v.string(),
  clientId: v.string(),
  fileName: v.string(),
  createdBy: v.string(),
  createdAt: v.string(),
  status: v.picklist(importStatuses),
  mode: v.nullable(v.picklist(importModes)),
  columns: v.array(v.string()),
  counts: ImportCountsSchema,
  /** What the commit did: rows created, updated, left unchanged, skipped (not for this mode) and failed. */
  outcomes: v.object({
    created: v.number(),
    updated: v.number(),
    unchanged: v.number(),
    skipped: v.number(),
    failed: v.number(),
  }),
  /**
   * The activation mails of the mail phase: how many were due when it began, and how many of them are done (sent,
   * or given up with the row's report line saying why). Both 0 before it.
   */
  mails: v.object({ total: v.number(), done: v.number() }),
  finishedAt: v.nullable(v.string()),
});
export type ImportJob = v.InferOutput<typeof ImportJobSchema>;

/** The answer of an upload: the job and every failing row of the dry run, in line order. */
export const ImportPreviewSchema = v.object({ job: ImportJobSchema, problems: v.array(ImportProblemSchema) });
export type ImportPreview = v.InferOutput<typeof ImportPreviewSchema>;

/** An importable client (its OktaPrefix contains the provider prefix), within the caller's reach. */
export const ImportClientSchema = v.object({ id: v.string(), name: v.string(), oktaPrefix: v.string() });
export type ImportClient = v.InferOutput<typeof ImportClientSchema>;
export const ImportClientListSchema = v.array(ImportClientSchema);

/** The template's header row (what the download holds) and the file name it downloads as. */
export const ImportTemplateSchema = v.object({ fileName: v.string(), columns: v.array(v.string()), csv: v.string() });
export type ImportTemplate = v.InferOutput<typeof ImportTemplateSchema>;

/** The import history of a client, newest first. */
export const ImportHistorySchema = v.array(ImportJobSchema);

/** The name the template downloads as (spec: the client plus "_importUsers"). */
export const templateFileName = (clientName: string) => `${clientName}_importUsers.csv`;
