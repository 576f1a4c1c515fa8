import { IncomingMessage } from 'node:http';

/**
 * The request again, with its body readable: Fastify has already read an OAuth body (the token route rewrites a
 * refresh's scope; revocation and introspection look at it first), and oidc-provider reads bodies from the stream
 * itself. Handed a read stream it falls back to `req.body`, and prints a warning that upstream parsing is not
 * recommended; handed this copy it reads the body as from the network. Headers, method, address and socket are the
 * original's; the length is the given body's, which may differ from what the client sent.
 */
export function replayedRequest(raw: IncomingMessage, body: string): IncomingMessage {
  const copy = new IncomingMessage(raw.socket);
  const bytes = Buffer.from(body, 'utf8');
  copy.method = raw.method;
  copy.url = raw.url;
  copy.httpVersion = raw.httpVersion;
  copy.httpVersionMajor = raw.httpVersionMajor;
  copy.httpVersionMinor = raw.httpVersionMinor;
  copy.headers = { ...raw.headers, 'content-length': String(bytes.length) };
  delete copy.headers['transfer-encoding'];
  // Whole from the start, as a message the HTTP parser has finished: an IncomingMessage destroyed before it is
  // `complete` counts as aborted and destroys its socket, which would take the reply with it.
  copy.complete = true;
  copy.push(bytes);
  copy.push(null);
  return copy;
}
