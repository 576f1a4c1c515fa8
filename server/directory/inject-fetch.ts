import type { FastifyInstance } from 'fastify';
import type { Fetch } from './okta-directory';

/**
 * A `fetch` that delivers the request to this process's own Fastify routes (light-my-request) instead of a socket.
 * For the embedded IdP, which lives in the same process: the directory adapter sends the same HTTP request through
 * the same routes, hooks and SSWS guard as a remote caller would, without depending on the public URL being
 * reachable from inside the server (a load balancer, a container's port mapping) or on the server listening yet.
 */
export function injectFetch(app: FastifyInstance): Fetch {
  return async (url, init) => {
    const { pathname, search, host } = new URL(url);
    const response = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: `${pathname}${search}`,
      // The URL's host, PUBLIC_URL's: the app answers under no other (server/http/public-address.ts).
      headers: { ...Object.fromEntries(new Headers(init.headers).entries()), host },
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) headers.append(name, String(item));
    }
    // 204 and 304 may not carry a body in a Response.
    const body = response.statusCode === 204 || response.statusCode === 304 ? null : response.body;
    return new Response(body, { status: response.statusCode, headers });
  };
}
