import type { CredentialCheck } from '../users/sign-in';
import { attemptedActor, logEvent, userActor, userTarget, type LogClient } from './catalogue';
import type { EventRecorder } from './recorder';

/**
 * What a password check leaves in the System Log. A refusal is a failed `user.session.start`: LOCKED_OUT when the
 * account was locked, else INVALID_CREDENTIALS (unknown login, wrong password, or a user who may not sign in), and
 * the attempt that reached the lockout limit also records `user.account.lock`. A right password records nothing
 * yet: the session starts only once every step (MFA, an expired password) is done (`succeed`, next-step.ts).
 */
export function recordPasswordCheck(events: EventRecorder, client: LogClient, login: string, check: CredentialCheck) {
  if (check.outcome === 'valid') return;
  const actor = check.user ? userActor(check.user) : attemptedActor(login, undefined);
  const lockedOut = check.outcome === 'locked' || check.lockedOut === true;
  events.record(
    logEvent('user.session.start', client, actor, {
      result: 'FAILURE',
      reason: lockedOut ? 'LOCKED_OUT' : 'INVALID_CREDENTIALS',
    }),
  );
  if (check.outcome === 'invalid' && check.lockedNow && check.user) {
    events.record(logEvent('user.account.lock', client, actor, { targets: [userTarget(check.user)] }));
  }
}
