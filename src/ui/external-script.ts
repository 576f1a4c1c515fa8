const loaded = new Map<string, Promise<void>>();

/**
 * Adds a third party's script to the page once per address and resolves when it has run (Google's reCAPTCHA, the maps
 * script). A failed load is forgotten and its tag removed, so a later call tries again. The server's CSP admits such
 * hosts only when the operator configured the service (server/http/security-headers.ts).
 */
export function loadExternalScript(src: string): Promise<void> {
  let loading = loaded.get(src);
  if (loading === undefined) {
    loading = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.addEventListener('load', () => {
        resolve();
      });
      script.addEventListener('error', () => {
        script.remove();
        reject(new Error(`${new URL(src).host} could not be loaded`));
      });
      document.head.append(script);
    }).catch((error: unknown) => {
      loaded.delete(src);
      throw error;
    });
    loaded.set(src, loading);
  }
  return loading;
}
