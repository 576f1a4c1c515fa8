/**
 * The unit project runs in Node, where the SPA client's relative `/api/v1/…` has no page to resolve against: this
 * Request resolves it against a page's address (`PAGE_ORIGIN`), as a browser does. Stub it as the global `Request`
 * together with a `fetch` that records what was sent.
 */
export const PAGE_ORIGIN = 'https://portal.test';

export class PageRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, `${PAGE_ORIGIN}/`) : input, init);
  }
}
