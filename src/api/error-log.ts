import * as v from 'valibot';
import { NewErrorSchema, type NewError } from '@contracts/error-log';
import { http, type CallOptions } from './http';

/** POST Instance/NewError: one entry of the error log (spec §3 "Error log entry"). */
export async function postNewError(entry: NewError, options: CallOptions = {}): Promise<void> {
  await http.post('Instance/NewError', { json: v.parse(NewErrorSchema, entry), ...options });
}
