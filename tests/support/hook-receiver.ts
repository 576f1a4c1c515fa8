import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';

/** One request the receiver got, as it came: the verification challenge (GET) or a delivery (POST). */
export interface HookRequest {
  method: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A delivery (POST), its body parsed: Okta's event hook payload, one event batch under one `eventId`. */
export interface HookPost extends HookRequest {
  json: { eventId: string; data: { events: Array<Record<string, unknown>> } };
  eventId: string;
  /** Taken by `holdNextDelivery` and never answered (the sender saw no reply). */
  held: boolean;
}

export interface HookReceiver {
  /** Where the hook sends: http on 127.0.0.1, so the sender must allow private endpoints. */
  readonly uri: string;
  /** Every request, in the order they ended. */
  readonly received: HookRequest[];
  /** The deliveries (POSTs), parsed; the failed and held ones included. */
  posts(): HookPost[];
  /** False: the challenge is answered wrong ('something else'), so verification fails. */
  answerChallenge: boolean;
  /** Answers the next `count` deliveries 500, as a receiver that is down. */
  failNext(count: number): void;
  /** Takes the next delivery and never answers it; settles with that delivery once it arrived. */
  holdNextDelivery(): Promise<HookPost>;
  /** Stops listening, dropping every connection (held deliveries included). */
  close(): Promise<void>;
}

/**
 * An event hook's receiver on 127.0.0.1 (docs/event-hooks.md): answers Okta's one-time verification challenge
 * (`x-okta-verification-challenge` → `{ "verification": … }`) and records every delivery, answering it 200 unless
 * told to fail or hold it.
 */
export async function startHookReceiver(): Promise<HookReceiver> {
  const received: HookRequest[] = [];
  const held = new Set<HookRequest>();
  const open = new Set<ServerResponse>();
  let failures = 0;
  let onHold: ((post: HookPost) => void) | undefined;

  const asPost = (entry: HookRequest): HookPost => {
    const json = JSON.parse(entry.body) as HookPost['json'];
    return { ...entry, json, eventId: json.eventId, held: held.has(entry) };
  };

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = { method: request.method ?? '', headers: request.headers, body: Buffer.concat(chunks).toString() };
      received.push(entry);
      if (request.method === 'GET') {
        const challenge = request.headers['x-okta-verification-challenge'];
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ verification: receiver.answerChallenge ? challenge : 'something else' }));
        return;
      }
      if (onHold !== undefined) {
        // Left open on purpose: the sender waits for an answer that never comes (until close destroys it).
        held.add(entry);
        open.add(response);
        const settle = onHold;
        onHold = undefined;
        settle(asPost(entry));
        return;
      }
      if (failures > 0) {
        failures -= 1;
        response.statusCode = 500;
        response.end('not now');
        return;
      }
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the receiver has no port');

  const receiver: HookReceiver = {
    uri: `http://127.0.0.1:${address.port}/okta/events`,
    received,
    posts: () => received.filter((entry) => entry.method === 'POST').map(asPost),
    answerChallenge: true,
    failNext: (count) => {
      failures = count;
    },
    holdNextDelivery: () => new Promise<HookPost>((resolve) => (onHold = resolve)),
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of open) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return receiver;
}
