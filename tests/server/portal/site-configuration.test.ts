import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/database';
import { startLiveApp, type LiveApp } from './live-app';

describe.each(databaseKinds)('GET resource/siteConfiguration applies the login username rule (%s)', (kind) => {
  let live: LiveApp;
  const clientNameFor = async (login: string) => {
    const response = await live.inject({
      url: `/api/v1/resource/siteConfiguration?login=${encodeURIComponent(login)}`,
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ clientName: string }>().clientName;
  };

  beforeAll(async () => {
    live = await startLiveApp(kind, { env: { TEST_DOMAIN_SUFFIX: '.qa' } });
  });
  afterAll(() => live.close());

  it('finds an agent by the 5-digit id, with the agent user domain appended', async () => {
    expect(await clientNameFor('48213')).toBe('Umbrella Agents');
    expect(await clientNameFor(' 48213 ')).toBe('Umbrella Agents');
  });

  it('strips the configured test-domain suffix before looking the login up', async () => {
    expect(await clientNameFor('maria@acme.test.qa')).toBe('Acme Health');
    expect(await clientNameFor('ACME__maria@acme.test.qa')).toBe('Acme Health');
  });

  it('answers an unknown agent id as a known one: the agent user domain names the client, not the account', async () => {
    expect(await clientNameFor('99999')).toBe('Umbrella Agents');
    expect(await clientNameFor('nobody@elsewhere.test')).toBe('Gatehouse Provider');
  });
});
