import * as v from 'valibot';

/** GET dev/outbox?to= (development and tests only): the mail the outbox holds for one address, newest first. */
export const OutboxQuerySchema = v.object({ to: v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(254)) });

export const OutboxMailSchema = v.object({
  id: v.string(),
  to: v.string(),
  subject: v.string(),
  text: v.string(),
  createdAt: v.string(),
});
export const OutboxListSchema = v.array(OutboxMailSchema);
export type OutboxMail = v.InferOutput<typeof OutboxMailSchema>;
