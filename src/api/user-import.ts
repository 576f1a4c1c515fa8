import * as v from 'valibot';
import { FormDefinitionSchema, type FormDefinition } from '@contracts/profile-form';
import {
  ImportClientListSchema,
  ImportHistorySchema,
  ImportInvitedSchema,
  ImportJobSchema,
  ImportPreviewSchema,
  ImportTemplateSchema,
  type ImportClient,
  type ImportInvite,
  type ImportInvited,
  type ImportJob,
  type ImportMode,
  type ImportPreview,
  type ImportTemplate,
  type ImportUpload,
} from '@contracts/user-import';
import { http, type CallOptions } from './http';

/** The user import's calls (docs/api.md "User import"). */

/** GET UserImport/clients: the clients the caller may import into. */
export async function listImportClients(options: CallOptions = {}): Promise<ImportClient[]> {
  return v.parse(ImportClientListSchema, await http.get('UserImport/clients', options).json());
}

/** GET FormApplicationTemplateClientField/{clientId}/en-us: the client's empty form (its applications' role URLs). */
export async function getClientForm(clientId: string, options: CallOptions = {}): Promise<FormDefinition> {
  const path = `FormApplicationTemplateClientField/${encodeURIComponent(clientId)}/en-us`;
  return v.parse(FormDefinitionSchema, await http.get(path, options).json());
}

/** GET UserImport/clients/{clientId}/template: the header row and the file name it downloads as. */
export async function getImportTemplate(clientId: string, options: CallOptions = {}): Promise<ImportTemplate> {
  const path = `UserImport/clients/${encodeURIComponent(clientId)}/template`;
  return v.parse(ImportTemplateSchema, await http.get(path, options).json());
}

/**
 * POST Instance/uploadtemplate: starts the dry run, answered at once with its job `checking` (400 names why a file
 * cannot be read; 413 a file too large); `getImportPreview` follows it.
 */
export async function uploadImport(body: ImportUpload, options: CallOptions = {}): Promise<ImportPreview> {
  return v.parse(ImportPreviewSchema, await http.post('Instance/uploadtemplate', { json: body, ...options }).json());
}

/** POST UserImport/jobs/{id}/commit: starts (or resumes) the commit; the job as it starts. */
export async function commitImport(id: string, mode: ImportMode, options: CallOptions = {}): Promise<ImportJob> {
  const path = `UserImport/jobs/${encodeURIComponent(id)}/commit`;
  return v.parse(ImportJobSchema, await http.post(path, { json: { mode }, ...options }).json());
}

/** POST UserImport/jobs/{id}/invite: invites the job's new people instead of creating them; the counts. */
export async function inviteImport(id: string, body: ImportInvite, options: CallOptions = {}): Promise<ImportInvited> {
  const path = `UserImport/jobs/${encodeURIComponent(id)}/invite`;
  return v.parse(ImportInvitedSchema, await http.post(path, { json: body, ...options }).json());
}

/** GET UserImport/jobs/{id}: the job's progress and outcome. */
export async function getImportJob(id: string, options: CallOptions = {}): Promise<ImportJob> {
  return v.parse(ImportJobSchema, await http.get(`UserImport/jobs/${encodeURIComponent(id)}`, options).json());
}

/** GET UserImport/jobs/{id}/preview: the dry run as far as it is (its job, and once checked every failing row). */
export async function getImportPreview(id: string, options: CallOptions = {}): Promise<ImportPreview> {
  const path = `UserImport/jobs/${encodeURIComponent(id)}/preview`;
  return v.parse(ImportPreviewSchema, await http.get(path, options).json());
}

/** GET UserImport/jobs/{id}/report: the result as CSV text. */
export async function getImportReport(id: string, options: CallOptions = {}): Promise<string> {
  return http.get(`UserImport/jobs/${encodeURIComponent(id)}/report`, options).text();
}

/** GET UserImport/clients/{clientId}/jobs: the client's import history, newest first. */
export async function listImportJobs(clientId: string, options: CallOptions = {}): Promise<ImportJob[]> {
  const path = `UserImport/clients/${encodeURIComponent(clientId)}/jobs`;
  return v.parse(ImportHistorySchema, await http.get(path, options).json());
}
