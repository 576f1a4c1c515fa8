import type { MyPasskey, MySession, PasskeyAttestation, PendingPasskey } from '@contracts/my-security';

export const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0';
export const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** Judy's sessions: another one (Chrome on macOS, seen last) listed before this browser's (Firefox on Linux). */
export const otherSession: MySession = {
  id: 'session-chrome',
  current: false,
  createdAt: '2026-11-20T08:00:00.000Z',
  lastSeenAt: '2026-11-29T09:30:00.000Z',
  expiresAt: '2026-12-13T08:00:00.000Z',
  userAgent: CHROME_MAC,
  ipAddress: '203.0.113.7',
};
export const thisSession: MySession = {
  id: 'session-firefox',
  current: true,
  createdAt: '2026-11-29T07:00:00.000Z',
  lastSeenAt: '2026-11-29T09:00:00.000Z',
  expiresAt: '2026-12-13T07:00:00.000Z',
  userAgent: FIREFOX_LINUX,
  ipAddress: '198.51.100.4',
};
export const passkey: MyPasskey = {
  id: 'fwfpasskey00000000',
  factorType: 'webauthn',
  provider: 'FIDO',
  status: 'ACTIVE',
  name: null,
  created: '2026-11-01T10:00:00.000Z',
  lastUpdated: '2026-11-28T18:00:00.000Z',
  lastUsed: '2026-11-28T18:00:00.000Z',
};

/** Another passkey started: the options the browser is asked with (Judy's first passkey excluded). */
export const pendingPasskey: PendingPasskey = {
  id: 'fwfnewpasskey00000',
  status: 'PENDING_ACTIVATION',
  activation: {
    challenge: 'Y2hhbGxlbmdlLW9mLXRoZS1uZXctcGFzc2tleQ',
    rp: { id: 'localhost', name: 'Gatehouse' },
    user: { id: 'MDB1anVkeQ', name: 'judy@example.com', displayName: 'Judy Hopps' },
    pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
    excludeCredentials: [{ id: 'Zmlyc3QtcGFzc2tleQ', type: 'public-key', transports: ['internal'] }],
  },
};
/** The browser's answer for it, as the activation takes it. */
export const newAttestation: PasskeyAttestation = {
  attestation: 'o2NmbXRkbm9uZQ==',
  clientData: 'eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIn0=',
  transports: '["usb"]',
};
/** The passkey it became: a security key, not used to sign in yet. */
export const addedPasskey: MyPasskey = {
  ...passkey,
  id: pendingPasskey.id,
  name: 'securityKey',
  created: '2026-11-29T10:00:00.000Z',
  lastUpdated: '2026-11-29T10:00:00.000Z',
  lastUsed: null,
};
/** What the browser answers when the person cancels its prompt (or lets it time out). */
export const promptCancelled = () =>
  new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError');
