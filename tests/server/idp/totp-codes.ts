import { Secret, TOTP } from 'otpauth';

/** The code an authenticator app would show for this secret at this moment (RFC 6238, SHA-1, 6 digits, 30 s). */
export const codeAt = (secret: string, timestamp: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp });

/** A six-digit code that is not valid now, one step either side included. */
export function wrongCode(secret: string): string {
  const now = Date.now();
  const valid = new Set([-30_000, 0, 30_000].map((offset) => codeAt(secret, now + offset)));
  for (let n = 0; ; n += 1) {
    const candidate = String(n).padStart(6, '0');
    if (!valid.has(candidate)) return candidate;
  }
}
