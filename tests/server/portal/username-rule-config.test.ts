import { describe, expect, it } from 'vitest';
import { ConfigError, EMBEDDED_CLIENT_ID, loadConfig } from '@server/config';

describe('configuration of the identity side', () => {
  it('defaults the username rule and the embedded client id', () => {
    const config = loadConfig({});
    expect(config.usernameRule).toEqual({ agentUserDomain: '@agents.gatehouse.test', testDomainSuffix: null });
    expect(config.clientId).toBe(EMBEDDED_CLIENT_ID);
  });

  it('reads AGENT_USER_DOMAIN and TEST_DOMAIN_SUFFIX', () => {
    const config = loadConfig({ AGENT_USER_DOMAIN: '@agents.example.com', TEST_DOMAIN_SUFFIX: '.qa' });
    expect(config.usernameRule).toEqual({ agentUserDomain: '@agents.example.com', testDomainSuffix: '.qa' });
  });

  it('refuses an agent user domain without the @ or a dot', () => {
    for (const value of ['agents.example.com', '@localhost', '@bad domain.com']) {
      expect(() => loadConfig({ AGENT_USER_DOMAIN: value })).toThrow(ConfigError);
    }
    expect(() => loadConfig({ TEST_DOMAIN_SUFFIX: 'has space' })).toThrow(/TEST_DOMAIN_SUFFIX/);
  });

  it('takes the client id from OKTA_CLIENT_ID with a real org', () => {
    const config = loadConfig({
      OKTA_ISSUER: 'https://example.okta.com/oauth2/default',
      OKTA_CLIENT_ID: '0oaorgclient',
      OKTA_API_TOKEN: '00token',
    });
    expect(config.clientId).toBe('0oaorgclient');
  });
});
