import * as v from 'valibot';

/** GET health: the process can serve requests. */
export const HealthSchema = v.object({ status: v.literal('ok') });
export type Health = v.InferOutput<typeof HealthSchema>;
