import { OAuthError } from '@okta/okta-auth-js';
import { describe, expect, it } from 'vitest';
import { isRefreshTokenRefused } from '@src/auth/identity-port';

describe('isRefreshTokenRefused (the keep-alive of a session ended elsewhere)', () => {
  it('knows okta-auth-js’s invalid_grant refusal, and nothing else', () => {
    expect(isRefreshTokenRefused(new OAuthError('invalid_grant', 'grant request is invalid'))).toBe(true);
    expect(isRefreshTokenRefused(new OAuthError('login_required', 'not logged in'))).toBe(false);
    expect(isRefreshTokenRefused(new TypeError('Failed to fetch'))).toBe(false);
    expect(isRefreshTokenRefused({ name: 'OAuthError', errorCode: 'invalid_grant' })).toBe(false);
  });
});
