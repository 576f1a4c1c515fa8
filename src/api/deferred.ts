/**
 * A call whose module is imported on its first use. The calls no login page makes (the profile flows', Edit Mode's)
 * stay out of the public entry this way (docs/spa.md "Bundles"); the module loader keeps what it imported, so only the
 * first call waits for the chunk. Only for calls that answer a promise: the wait joins the answer.
 */
export function deferred<TModule, TName extends keyof TModule>(
  load: () => Promise<TModule>,
  name: TName,
): TModule[TName] & ((...args: never[]) => Promise<unknown>) {
  const call = async (...args: unknown[]): Promise<unknown> =>
    ((await load())[name] as (...args: unknown[]) => Promise<unknown>)(...args);
  return call as TModule[TName] & ((...args: never[]) => Promise<unknown>);
}
