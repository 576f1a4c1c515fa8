import { ScimError } from './errors';

/** A resource's ETag (RFC 7644 §3.14): weak, its row version. */
export const etagOf = (version: number) => `W/"${String(version)}"`;

/** If-Match (RFC 7644 §3.14): a version other than the resource's is 412, before anything changes. */
export function assertIfMatch(ifMatch: string | undefined, version: number, what: 'user' | 'group'): void {
  if (ifMatch === undefined || ifMatch.trim() === '*') return;
  const wanted = ifMatch.split(',').map((tag) => tag.trim().replace(/^W\//, ''));
  if (!wanted.includes(etagOf(version).replace(/^W\//, '')))
    throw new ScimError(412, `The ${what} was changed since that version was read (If-Match).`);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether an id can name a person (a profile's uuid): anything else is answered as missing, never queried. */
export const isPersonId = (id: string) => UUID.test(id);
