import { Secret, TOTP } from 'otpauth';

/** The only factor type we offer: RFC 6238 TOTP, as Google Authenticator and Okta Verify's code do. */
export const TOTP_FACTOR_TYPE = 'token:software:totp';
/** Providers the widget accepts for that type (okta-compat A1); both mean the same algorithm here. */
export const totpProviders = ['GOOGLE', 'OKTA'] as const;
export type TotpProvider = (typeof totpProviders)[number];

/** RFC 6238 defaults, which every authenticator app understands: SHA-1, 6 digits, 30-second steps. */
const TOTP_PARAMS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
export const TOTP_PERIOD_SECONDS = TOTP_PARAMS.period;

/** 160 random bits (RFC 4226 §4 recommends that length), in base32 as apps take it. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** `otpauth://totp/<issuer>:<login>?secret=…&issuer=…&algorithm=SHA1&digits=6&period=30` for the QR code. */
export function otpauthUri(secret: string, issuerLabel: string, login: string): string {
  return new TOTP({ ...TOTP_PARAMS, issuer: issuerLabel, label: login, secret: Secret.fromBase32(secret) }).toString();
}

/**
 * The time step a code belongs to, accepting one step either side for clock drift (okta-compat A8); undefined when
 * the code matches none. Callers store the step to refuse a replay of the same or an older code (RFC 6238 §5.2).
 */
export function matchingStep(secret: string, code: string, now: Date = new Date()): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const delta = TOTP.validate({
    ...TOTP_PARAMS,
    token: code,
    secret: Secret.fromBase32(secret),
    timestamp: now.getTime(),
    window: 1,
  });
  if (delta === null) return undefined;
  return Math.floor(now.getTime() / 1000 / TOTP_PARAMS.period) + delta;
}
