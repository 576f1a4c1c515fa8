import { embeddedApiToken } from '@server/auth/embedded-api-token';
import { startServerOnPostgres, type ServerWithDatabase } from './postgres-server';

/**
 * A server on its own PostgreSQL database whose policy names a group (`IDP_MFA_GROUPS`, `IDP_PASSKEY_GROUPS`), with
 * one person put in that group through the management API and the SSWS token, as the portal's directory adapter would:
 * nobody in the demo world is in such a group until a test puts them there. The server secret is given to the server
 * so the token is derived here as every process derives it.
 */
export async function startServerWithGroupMember(options: {
  /** The variable that names the group, e.g. `IDP_MFA_GROUPS`. */
  policy: string;
  group: string;
  /** The identity provider's login, e.g. `ACME__maria@acme.test`. */
  login: string;
}): Promise<ServerWithDatabase> {
  const secret = `${options.policy} e2e server secret, never used outside tests`;
  const server = await startServerOnPostgres({ [options.policy]: options.group, SERVER_SECRET: secret });
  const management = async (method: string, path: string, body?: unknown): Promise<Response> => {
    const response = await fetch(`${server.baseUrl}/api/v1${path}`, {
      method,
      headers: {
        authorization: `SSWS ${embeddedApiToken(Buffer.from(secret, 'utf8'))}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${await response.text()}`);
    return response;
  };
  const group = (await (await management('POST', '/groups', { profile: { name: options.group } })).json()) as {
    id: string;
  };
  await management('PUT', `/groups/${group.id}/users/${encodeURIComponent(options.login)}`);
  return server;
}
