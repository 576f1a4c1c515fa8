import type { PublicConfig } from '@contracts/public-config';

/**
 * Whether this build may run the flow inspector: always in development (vite dev), else when the server says so
 * (INSPECTOR=true, delivered as `inspector: true` in GET config/public). Asked at most once per page load, and only
 * when an inspector tab's hello or `?inspect` needs it (src/inspector/answer.ts); a failed request answers no and may
 * be retried.
 */
export function inspectorSwitch(development: boolean, loadConfig: () => Promise<PublicConfig>): () => Promise<boolean> {
  let answer: Promise<boolean> | undefined;
  return () =>
    (answer ??= development
      ? Promise.resolve(true)
      : loadConfig().then(
          (config) => config.inspector === true,
          () => {
            answer = undefined;
            return false;
          },
        ));
}
