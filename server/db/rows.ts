import type { clients, importJobRows, importJobs, instances } from './schema';

/**
 * Row types of the tables the API areas read whole, named once here so each area does not spell the same
 * `typeof table.$inferSelect` again. Types only: drizzle-kit reads `schema.ts`, not this module.
 */
export type ClientRow = typeof clients.$inferSelect;
export type InstanceRow = typeof instances.$inferSelect;
export type ImportJobRow = typeof importJobs.$inferSelect;
/** One data line of an import file (`import_job_rows`). */
export type ImportLineRow = typeof importJobRows.$inferSelect;
