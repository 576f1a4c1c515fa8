import ky, { type HTTPError } from 'ky';
import * as v from 'valibot';
import { CLIENT_NAME_HEADER, ProblemSchema, REQUEST_ID_HEADER } from '@contracts/errors';
import { ApiError, isGatewayStatus, NetworkError } from '@contracts/failures';

export { ApiError, NetworkError };

/** How the SPA names itself to the API (spec §7: x-api-client-name). */
export const CLIENT_NAME = 'gatehouse-spa';

/** Options every API function takes (Keycloak style): the caller's abort signal. */
export type CallOptions = { signal?: AbortSignal };

let lastRequestId: string | undefined;
let accessTokenOf: () => string | undefined = () => undefined;
let acceptLanguage = 'en-us';

const unauthorisedListeners = new Set<() => void>();

/** What the HTTP port learns about the connection from its own calls (issue 29 §3). */
export type ConnectionState = 'lost' | 'back';
const connectionListeners = new Set<(state: ConnectionState) => void>();
const tellConnection = (state: ConnectionState) => {
  for (const listener of connectionListeners) listener(state);
};

/**
 * The connection as the calls see it: `lost` when a call got no answer at all (offline, server unreachable, timed
 * out), `back` whenever a call gets any answer (a 4xx or 5xx included: the server was reached). The wiring edge tells
 * the notifications singleton, which shows the connection-lost notice meanwhile. Returns the function that stops it.
 */
export const watchConnection = (listener: (state: ConnectionState) => void): (() => void) => {
  connectionListeners.add(listener);
  return () => {
    connectionListeners.delete(listener);
  };
};

/**
 * fetch, with a network failure turned into the one NetworkError (issue 29 §3): browsers throw a bare TypeError whose
 * message differs by browser, which the error catalogue used to call "There was a Type error". A gateway's answer for
 * a server it cannot reach (502, 503, 504: a proxy in front of a restarting Gatehouse) is no answer of Gatehouse's
 * either. The caller's own abort stays an AbortError (a flow that moved on is not a lost connection).
 */
export async function fetchOrNetworkError(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await globalThis.fetch(input, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    tellConnection('lost');
    throw new NetworkError(error instanceof Error ? error.message : String(error), { cause: error });
  }
  if (isGatewayStatus(response.status)) {
    tellConnection('lost');
    // eslint-disable-next-line lingui/no-unlocalized-strings -- for the error log; a person sees the connection notice
    throw new NetworkError(`The server did not answer (the gateway said ${String(response.status)}).`);
  }
  tellConnection('back');
  return response;
}

/**
 * The SPA's one 401 policy starts here: every API call that answers 401 tells the listeners, and the session
 * singleton (listening while someone is signed in) signs out, keeps the page and shows the login page. Callers need
 * not handle a 401 themselves. Returns the function that stops listening.
 */
export const watchUnauthorised = (listener: () => void): (() => void) => {
  unauthorisedListeners.add(listener);
  return () => {
    unauthorisedListeners.delete(listener);
  };
};

/** The id of the last request sent: the error id of a failure that has none of its own (spec §8). */
export const getLastRequestId = (): string | undefined => lastRequestId;

/** The culture sent as `Accept-Language`; the wiring edge keeps it in step with the active catalogue. */
export const setRequestCulture = (culture: string): void => {
  acceptLanguage = culture;
};

/** Where calls find the bearer token: the wiring edge points this at the auth client's token storage. */
export const setAccessTokenSource = (source: () => string | undefined): void => {
  accessTokenOf = source;
};

/** The answer's body as JSON when it parses, else as text (what a proxy or a crash may send instead of a problem). */
async function bodyOf(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Turns a non-2xx answer into an ApiError, trusting its body only when it has the one failure shape. */
async function toApiError(error: HTTPError): Promise<ApiError> {
  const body = await bodyOf(error.response);
  const problem = v.safeParse(ProblemSchema, body);
  const requestId =
    error.response.headers.get(REQUEST_ID_HEADER) ??
    error.request.headers.get(REQUEST_ID_HEADER) ??
    lastRequestId ??
    crypto.randomUUID();
  if (problem.success) {
    return new ApiError({
      status: error.response.status,
      ...problem.output,
      requestId: problem.output.requestId || requestId,
    });
  }
  return new ApiError({
    status: error.response.status,
    code: `http_${error.response.status}`,
    message: typeof body === 'string' && body ? body : error.response.statusText,
    requestId,
  });
}

/** The one HTTP client of the SPA: `/api/v1`, request ids, client name and language on every call. */
export const http = ky.create({
  prefixUrl: '/api/v1',
  // A failed call is reported once; retrying is the caller's decision (a state, not a hidden loop).
  retry: 0,
  fetch: fetchOrNetworkError,
  hooks: {
    beforeRequest: [
      (request) => {
        const requestId = crypto.randomUUID();
        lastRequestId = requestId;
        request.headers.set(REQUEST_ID_HEADER, requestId);
        request.headers.set(CLIENT_NAME_HEADER, CLIENT_NAME);
        request.headers.set('Accept-Language', acceptLanguage);
        const token = accessTokenOf();
        if (token !== undefined && !request.headers.has('Authorization')) {
          request.headers.set('Authorization', `Bearer ${token}`);
        }
      },
    ],
    // ky (1.x) calls this for non-2xx answers only and throws what it returns: our ApiError, never ky's HTTPError, so
    // callers see one failure type (network failures are NetworkErrors, above).
    beforeError: [
      async (error) => {
        if (error.response.status === 401) for (const listener of unauthorisedListeners) listener();
        return (await toApiError(error)) as unknown as HTTPError;
      },
    ],
  },
});
