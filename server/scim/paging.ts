import { ScimError } from './errors';
import { parseFilter } from './filter';
import { MAX_PAGE } from './schemas';

/**
 * A list request's `startIndex` (1-based), `count` (default 100, at most {@link MAX_PAGE}) and `filter` (RFC 7644
 * §3.4.2.2, §3.4.2.4), the same for every resource.
 */
export function pageOf(query: Record<string, unknown>) {
  const number = (name: string, fallback: number) => {
    const raw = query[name];
    if (raw === undefined || raw === '') return fallback;
    const parsed = Number(raw);
    if (typeof raw !== 'string' || !Number.isInteger(parsed))
      throw new ScimError(400, `${name} must be an integer`, 'invalidValue');
    return parsed;
  };
  // Non-positive values are read as 1 and 0, as the RFC says.
  const startIndex = Math.max(1, number('startIndex', 1));
  const count = Math.min(MAX_PAGE, Math.max(0, number('count', 100)));
  const filterText = query.filter;
  if (filterText !== undefined && typeof filterText !== 'string')
    throw new ScimError(400, 'Invalid filter: give one filter', 'invalidFilter');
  const filter = filterText === undefined || filterText === '' ? null : parseFilter(filterText);
  return { startIndex, count, filter };
}
