import type { FastifySchemaCompiler, FastifyTypeProvider } from 'fastify';
import * as v from 'valibot';
import type { ProblemDetail } from '@contracts/errors';
import { validationFailed } from './problem';

/**
 * Valibot at the HTTP edge, in-house (about the size STYLE §7.10 predicts). Routes either declare
 * `schema: { body, querystring, params }` with contract schemas — the compiler below runs them and replaces the part
 * with the parsed output, and the type provider types `request.body`/`request.query` from them — or call `parseOr400`.
 */

/** The names a person reading `details` recognises: `body.value`, `query.clientId`. */
export type RequestPart = 'body' | 'query' | 'params' | 'headers';

const partOf: Record<string, RequestPart> = {
  body: 'body',
  querystring: 'query',
  params: 'params',
  headers: 'headers',
};

export function issuesToDetails(issues: readonly v.BaseIssue<unknown>[], part: RequestPart): ProblemDetail[] {
  return issues.map((issue) => ({
    field: [part, ...(issue.path ?? []).map((item) => String(item.key))].join('.'),
    message: issue.message,
  }));
}

export function parseOr400<S extends v.GenericSchema>(schema: S, value: unknown, part: RequestPart): v.InferOutput<S> {
  const result = v.safeParse(schema, value);
  if (!result.success) throw validationFailed(issuesToDetails(result.issues, part));
  return result.output;
}

export const valibotValidatorCompiler: FastifySchemaCompiler<v.GenericSchema> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = v.safeParse(schema, data);
    if (result.success) return { value: result.output };
    return { error: validationFailed(issuesToDetails(result.issues, partOf[httpPart ?? 'body'] ?? 'body')) };
  };

/** Types route handlers from the valibot schemas they declare (Fastify's type-provider seam). */
export interface ValibotTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends v.GenericSchema ? v.InferOutput<this['schema']> : unknown;
  serializer: this['schema'] extends v.GenericSchema ? v.InferInput<this['schema']> : unknown;
}
