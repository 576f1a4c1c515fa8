import * as v from 'valibot';
import {
  AuditEntrySchema,
  AuditPageSchema,
  type AuditEntry,
  type AuditPage,
  type AuditQuery,
} from '@contracts/audit-log';
import {
  ErrorEntrySchema,
  ErrorPageSchema,
  type ErrorEntry,
  type ErrorPage,
  type ErrorQuery,
} from '@contracts/error-log';
import { http, type CallOptions } from '../http';
import { searchParamsOf } from '../search-params';

/** GET AuditLog: one page of the changes the caller may see (the server scopes a client administrator to their client). */
export async function listAudit(query: AuditQuery, options: CallOptions = {}): Promise<AuditPage> {
  return v.parse(
    AuditPageSchema,
    await http.get('AuditLog', { searchParams: searchParamsOf(query), ...options }).json(),
  );
}

/** GET AuditLog/{id}: one change with the record before and after. */
export async function getAuditEntry(id: string, options: CallOptions = {}): Promise<AuditEntry> {
  return v.parse(AuditEntrySchema, await http.get(`AuditLog/${encodeURIComponent(id)}`, options).json());
}

/** GET AuditLog/Export: every change the query keeps, as CSV text. */
export async function exportAudit(query: AuditQuery, options: CallOptions = {}): Promise<string> {
  return http.get('AuditLog/Export', { searchParams: searchParamsOf(query), ...options }).text();
}

/** GET ErrorLog: one page of the errors the caller may see. */
export async function listErrors(query: ErrorQuery, options: CallOptions = {}): Promise<ErrorPage> {
  return v.parse(
    ErrorPageSchema,
    await http.get('ErrorLog', { searchParams: searchParamsOf(query), ...options }).json(),
  );
}

/** GET ErrorLog/{id}: one error with every detail. */
export async function getErrorEntry(id: string, options: CallOptions = {}): Promise<ErrorEntry> {
  return v.parse(ErrorEntrySchema, await http.get(`ErrorLog/${encodeURIComponent(id)}`, options).json());
}

/** GET ErrorLog/Export: every error the query keeps, as CSV text. */
export async function exportErrors(query: ErrorQuery, options: CallOptions = {}): Promise<string> {
  return http.get('ErrorLog/Export', { searchParams: searchParamsOf(query), ...options }).text();
}
