/**
 * Matches a path against a pattern such as `/Login/:clientId?/:applicationName?`, ignoring case (spec: paths match
 * case-insensitively, so `/LogOut` and `/Logout` are one route) and a trailing slash. Optional parameters may only
 * end a pattern. Returns the decoded parameters, or undefined when the path does not match.
 */
export function matchPattern(pattern: string, path: string): Record<string, string> | undefined {
  const wanted = segmentsOf(pattern);
  const given = segmentsOf(path);
  const required = wanted.filter((segment) => !segment.endsWith('?')).length;
  if (given.length < required || given.length > wanted.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, segment] of wanted.entries()) {
    const value = given[index];
    if (value === undefined) break;
    if (segment.startsWith(':')) {
      params[segment.replace(/^:|\?$/g, '')] = decode(value);
    } else if (segment.toLowerCase() !== value.toLowerCase()) {
      return undefined;
    }
  }
  return params;
}

const segmentsOf = (path: string): string[] => path.split('/').filter((segment) => segment !== '');

const decode = (value: string): string => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/** Builds a path from a pattern; missing optional parameters end the path. Values are URL-encoded. */
export function buildPath(pattern: string, params: Record<string, string | undefined> = {}): string {
  const built: string[] = [];
  for (const segment of segmentsOf(pattern)) {
    if (!segment.startsWith(':')) {
      built.push(segment);
      continue;
    }
    const value = params[segment.replace(/^:|\?$/g, '')];
    if (value === undefined) break;
    built.push(encodeURIComponent(value));
  }
  return `/${built.join('/')}`;
}
