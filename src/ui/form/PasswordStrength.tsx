import { lazy, Suspense } from 'react';
import type { PasswordOwner } from '@contracts/forms/password-screen';

// The meter and the list of common and breached passwords it checks (about 350 kB) come as a chunk of their own, asked
// for only when a password step renders: the public entry does not grow (bench/bundle-size.ts).
const PasswordMeter = lazy(() => import('./password-meter/PasswordMeter'));

/** The strength meter under a new password (issue 34 §1), loaded with the password step; nothing while it loads. */
export function PasswordStrength({ password, owner }: { password: string; owner: PasswordOwner }) {
  return (
    <Suspense fallback={null}>
      <PasswordMeter password={password} owner={owner} />
    </Suspense>
  );
}
