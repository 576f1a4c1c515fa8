/** Reading loosely typed JSON bodies the way Okta does: a missing or non-text field is simply absent. */

export function bodyField(body: unknown, name: string): unknown {
  if (typeof body !== 'object' || body === null) return undefined;
  return (body as Record<string, unknown>)[name];
}

export function textField(body: unknown, name: string): string | undefined {
  const value = bodyField(body, name);
  return typeof value === 'string' ? value : undefined;
}

/** Okta's password objects: `{"value":"…"}`. */
export function passwordValue(body: unknown, name: string): string | undefined {
  return textField(bodyField(body, name), 'value');
}
