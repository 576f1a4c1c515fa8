/**
 * The page the SPA's build writes beside index.html for the flow inspector (vite.inspector.ts): index.html with the
 * inspector's boot script before the app's entry. The server answers page navigations with it instead of index.html
 * when INSPECTOR=true (server/http/static-spa.ts), and never serves it otherwise. docs/spa.md "Flow inspector".
 */
export const INSPECTOR_PAGE = 'index.inspector.html';
