/** A query's fields as a query string carries them: each as text, absent ones left out. */
export const searchParamsOf = (query: object): Record<string, string> =>
  Object.fromEntries(
    Object.entries(query)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, String(value)]),
  );
