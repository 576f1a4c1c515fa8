import * as v from 'valibot';

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
