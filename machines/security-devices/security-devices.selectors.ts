import type { SnapshotFrom } from 'xstate';
import type { MyPasskey } from '@contracts/my-security';
import type { DevicesFailure, securityDevicesMachine } from './security-devices.machine';
import { deviceNameOf, type DeviceName } from './user-agent';

type DevicesSnapshot = SnapshotFrom<typeof securityDevicesMachine>;

/** One session as its row shows it: what it runs in, when it was first and last seen, from where; this one marked. */
export type SessionRow = DeviceName & {
  id: string;
  current: boolean;
  createdAt: string | null;
  lastSeenAt: string | null;
  ipAddress: string | null;
  /** "Sign out this one" (never on this browser's own session). */
  canSignOut: boolean;
};

export type DevicesView = {
  status: 'loading' | 'failed' | 'ready';
  busy: boolean;
  sessions: readonly SessionRow[];
  /** "Sign out everywhere else": there is another session to end. */
  canSignOutOthers: boolean;
  passkeys: readonly MyPasskey[];
  /** The passkey the confirmation asks about. */
  confirming: MyPasskey | undefined;
  failure: DevicesFailure | undefined;
  /** "Add a passkey": for a person the identity provider asks for passkeys (they have one already). */
  canAddPasskey: boolean;
  /** The browser's prompt is open (or its answer on its way): "Add a passkey" says so. */
  addingPasskey: boolean;
  /** The person cancelled the browser's prompt: a short note, nothing failed. */
  addCancelled: boolean;
};

/** This browser's session first, then the others as the identity provider ordered them (most recently seen first). */
const sessionRowsOf = (s: DevicesSnapshot): SessionRow[] =>
  [...s.context.sessions]
    .sort((a, b) => Number(b.current) - Number(a.current))
    .map((session) => ({
      id: session.id,
      current: session.current,
      createdAt: session.createdAt,
      lastSeenAt: session.lastSeenAt,
      ipAddress: session.ipAddress,
      ...deviceNameOf(session.userAgent),
      canSignOut: !session.current,
    }));

export const selectDevicesView = (s: DevicesSnapshot): DevicesView => {
  return {
    status: s.matches('failed') ? 'failed' : s.context.loaded ? 'ready' : 'loading',
    busy: s.hasTag('busy'),
    sessions: sessionRowsOf(s),
    canSignOutOthers: s.context.sessions.some((session) => !session.current),
    passkeys: s.context.passkeys,
    confirming: s.matches('confirmingRemoval')
      ? s.context.passkeys.find((passkey) => passkey.id === s.context.removing)
      : undefined,
    failure: s.context.failure,
    canAddPasskey: s.context.passkeys.length > 0,
    addingPasskey: s.matches('startingPasskey') || s.matches('creatingPasskey') || s.matches('activatingPasskey'),
    addCancelled: s.context.addCancelled,
  };
};
