import type { FastifyReply, FastifySerializerCompiler } from 'fastify';
import * as v from 'valibot';

/**
 * The server's one way of writing JSON answers (problems have theirs in ./problem.ts and ./error-handler.ts).
 *
 * An answer leaves through its route's contract (`schema.response`): `v.parse` keeps the contract's keys only
 * (valibot's `v.object` drops unknown ones), so a column added to a row never reaches the client by accident, and an
 * answer that breaks its contract is a 500 in our log rather than a surprise in the SPA.
 */
export function serialiseAnswer(schema: v.GenericSchema, value: unknown): string {
  return JSON.stringify(v.parse(schema, value));
}

/** Fastify's serializer for the routes' `schema.response` contracts. */
export const valibotSerializerCompiler: FastifySerializerCompiler<v.GenericSchema> =
  ({ schema }) =>
  (data) =>
    serialiseAnswer(schema, data);

/**
 * Sends an answer serialised earlier (a remembered list), which must have gone through the same contract with
 * {@link serialiseAnswer} when it was built: Fastify sends a JSON string as it is, without the route's serializer.
 */
export const sendJson = (reply: FastifyReply, json: string) => reply.type('application/json; charset=utf-8').send(json);
