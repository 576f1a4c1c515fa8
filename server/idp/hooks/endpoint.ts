import { lookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Where an event hook may point (docs/event-hooks.md "Endpoints"): HTTPS on a public address, never Gatehouse itself.
 * `allowPrivate` (EVENT_HOOKS_ALLOW_PRIVATE=true) lets an operator reach private and loopback addresses and plain
 * HTTP, for a receiver on their own network or in tests. The same rules hold at registration and at every delivery,
 * and at delivery they are applied to the very address the connection is made to (a name that resolved to a public
 * address at registration and to 127.0.0.1 later — DNS rebinding — is refused).
 */
export interface EndpointPolicy {
  allowPrivate: boolean;
  /** Gatehouse's own origins (the issuer's, the public URL's): a hook may not call them. */
  ownOrigins: string[];
}

/** Private, loopback, link-local, shared, reserved, multicast and unspecified ranges (IANA special-purpose). */
const nonPublic = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  nonPublic.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  nonPublic.addSubnet(network, prefix, 'ipv6');
}

/** Whether an address is anything but a public unicast one; an IPv4-mapped IPv6 address is judged as its IPv4. */
export function isNonPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1] !== undefined) return nonPublic.check(mapped[1], 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return nonPublic.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);
const hostOf = (url: URL) => url.hostname.toLowerCase();
const portOf = (url: URL) => url.port || (url.protocol === 'https:' ? '443' : '80');

/** Why a URI may not be a hook's endpoint, before any name is resolved; undefined when its form is acceptable. */
export function endpointFormProblem(uri: string, policy: EndpointPolicy): string | undefined {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return 'channel.config.uri: not an absolute URL';
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && policy.allowPrivate))
    return 'channel.config.uri: must use https';
  if (url.username !== '' || url.password !== '') return 'channel.config.uri: may not carry a user name or password';
  if (url.hash !== '') return 'channel.config.uri: may not carry a fragment';
  for (const own of policy.ownOrigins) {
    const mine = new URL(own);
    const sameHost =
      hostOf(mine) === hostOf(url) || (LOOPBACK_NAMES.has(hostOf(mine)) && LOOPBACK_NAMES.has(hostOf(url)));
    if (sameHost && portOf(mine) === portOf(url)) return 'channel.config.uri: may not point at Gatehouse itself';
  }
  return undefined;
}

/** Refused: the name resolves (or is) an address the policy does not allow. */
export class RefusedAddressError extends Error {
  constructor(readonly address: string) {
    super(`refused address ${address}: private or loopback addresses need EVENT_HOOKS_ALLOW_PRIVATE=true`);
    this.name = 'RefusedAddressError';
  }
}

/** Resolves a URI's host and checks every address it names (the registration's check). */
export async function endpointAddressProblem(uri: string, policy: EndpointPolicy): Promise<string | undefined> {
  if (policy.allowPrivate) return undefined;
  const host = new URL(uri).hostname.replace(/^\[|\]$/g, '');
  try {
    const addresses = isIP(host) === 0 ? await lookup(host, { all: true, verbatim: true }) : [{ address: host }];
    const refused = addresses.find((entry) => isNonPublicAddress(entry.address));
    return refused === undefined
      ? undefined
      : `channel.config.uri: resolves to a private or loopback address (${refused.address})`;
  } catch {
    return 'channel.config.uri: the host name does not resolve';
  }
}

/**
 * The connection's own name resolution: resolves, then refuses when any address is not public (unless allowed), so
 * what was checked is what is connected to.
 */
const guardedLookup =
  (allowPrivate: boolean): LookupFunction =>
  (hostname, options, callback) => {
    lookup(hostname, { all: true, verbatim: true })
      .then((addresses) => {
        const refused = allowPrivate ? undefined : addresses.find((entry) => isNonPublicAddress(entry.address));
        if (refused !== undefined) throw new RefusedAddressError(refused.address);
        const first = addresses[0];
        if (first === undefined) throw new Error(`${hostname} does not resolve`);
        if (options.all) callback(null, addresses);
        else callback(null, first.address, first.family);
      })
      .catch((error: unknown) => {
        callback(error as NodeJS.ErrnoException, '', 0);
      });
  };

export interface HookRequest {
  method: 'GET' | 'POST';
  uri: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
}

export interface HookResponse {
  status: number;
  body: string;
}

/** A receiver's answer is read up to this many bytes: only the verification's few bytes matter. */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * One request to an endpoint under the policy: the form is checked again, an IP literal is checked before the
 * connection, a name in the connection's lookup; no redirect is followed (a 3xx is a failure).
 */
export function sendToEndpoint(hook: HookRequest, policy: EndpointPolicy): Promise<HookResponse> {
  const problem = endpointFormProblem(hook.uri, policy);
  if (problem !== undefined) return Promise.reject(new Error(problem));
  const url = new URL(hook.uri);
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal) !== 0 && !policy.allowPrivate && isNonPublicAddress(literal))
    return Promise.reject(new RefusedAddressError(literal));
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      url,
      {
        method: hook.method,
        headers: {
          'user-agent': 'Gatehouse-EventHooks/1.0',
          accept: 'application/json',
          ...hook.headers,
          ...(hook.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(hook.body)) }),
        },
        lookup: guardedLookup(policy.allowPrivate),
        timeout: hook.timeoutMs,
      },
      (response: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= MAX_ANSWER_BYTES) chunks.push(chunk);
        });
        response.on('end', () => {
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') });
        });
        response.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${hook.timeoutMs} ms`)));
    req.on('error', reject);
    req.end(hook.body);
  });
}
