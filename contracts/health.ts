import * as v from 'valibot';

/** GET health: the process can serve requests. */
export const HealthSchema = v.object({ status: v.literal('ok') });
export type Health = v.InferOutput<typeof HealthSchema>;

/** GET health while the process drains before it stops (503): the load balancer should send it nothing new. */
export const DrainingSchema = v.object({ status: v.literal('draining') });
