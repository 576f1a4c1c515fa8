import * as v from 'valibot';
import { pagedResponse } from './paged-query';
import { logPageQuery, searchText } from './log-query';

export const errorLevels = ['ERROR', 'AUDIT'] as const;
export const environments = ['LOCAL', 'QA', 'DEV', 'PROD'] as const;
export const errorTypes = ['TypeError', 'CriticalError', 'HttpError', 'GeneralError', 'ReferenceError'] as const;

/** Body of POST Instance/NewError (spec public-and-profile §3 "Error log entry" and §8). Field names as the spec. */
export const NewErrorSchema = v.object({
  Code: v.pipe(v.string(), v.maxLength(100)),
  Message: v.pipe(v.string(), v.maxLength(4000)),
  Details: v.optional(v.pipe(v.string(), v.maxLength(20000)), ''),
  Audience: v.optional(v.pipe(v.string(), v.maxLength(50)), 'ALL'),
  Action: v.optional(v.pipe(v.string(), v.maxLength(200)), ''),
  Level: v.picklist(errorLevels),
  ApplicationName: v.optional(v.pipe(v.string(), v.maxLength(200)), ''),
  LocationURL: v.pipe(v.string(), v.maxLength(2000)),
  DeviceInfo: v.optional(v.pipe(v.string(), v.maxLength(1000)), ''),
  Environment: v.picklist(environments),
});
export type NewError = v.InferInput<typeof NewErrorSchema>;

/** GET ErrorLog (and ErrorLog/Export): the filters, the order of time, the page (docs/api.md "Logs"). */
export const ErrorQuerySchema = v.object({
  ...logPageQuery,
  level: v.optional(v.picklist(errorLevels)),
  /** Contains, in the error's code. */
  code: searchText,
  /** Contains, in the page (location URL) the error happened on. */
  location: searchText,
});
export type ErrorQuery = v.InferInput<typeof ErrorQuerySchema>;

/** One row of the error grid. */
export const ErrorRowSchema = v.object({
  id: v.string(),
  /** When, as an ISO instant. */
  at: v.string(),
  level: v.picklist(errorLevels),
  code: v.string(),
  message: v.string(),
  /** The page (location URL) the error happened on. */
  locationUrl: v.string(),
  deviceInfo: v.string(),
  /** The reporting person's client; null when anonymous. */
  clientId: v.nullable(v.string()),
  clientName: v.nullable(v.string()),
});
export type ErrorRow = v.InferOutput<typeof ErrorRowSchema>;

export const ErrorPageSchema = pagedResponse(ErrorRowSchema);
export type ErrorPage = v.InferOutput<typeof ErrorPageSchema>;

/** GET ErrorLog/{id}: every detail the SPA reported, and who reported it. */
export const ErrorEntrySchema = v.object({
  ...ErrorRowSchema.entries,
  details: v.string(),
  audience: v.string(),
  action: v.string(),
  applicationName: v.string(),
  environment: v.picklist(environments),
  requestId: v.nullable(v.string()),
  userId: v.nullable(v.string()),
});
export type ErrorEntry = v.InferOutput<typeof ErrorEntrySchema>;
