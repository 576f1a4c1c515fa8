import type { Settings } from '@contracts/resources';

/**
 * The idle-session timing (public-and-profile §9: portal settings Session_IdleTime, Session_WarningTimeOut and
 * Session_TokenRefreshInterval, in seconds). A missing or unreadable setting keeps the current value, so a client
 * that configures only one of them still gets sensible others.
 */
export type SessionTiming = { idleSeconds: number; warningSeconds: number; refreshSeconds: number };

export const defaultSessionTiming: SessionTiming = { idleSeconds: 900, warningSeconds: 60, refreshSeconds: 300 };

const seconds = (value: string | undefined, fallback: number) => {
  const parsed = Number.parseInt(value ?? '', 10);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
};

export function timingFromSettings(settings: Settings, current: SessionTiming): SessionTiming {
  return {
    idleSeconds: seconds(settings.Session_IdleTime, current.idleSeconds),
    warningSeconds: seconds(settings.Session_WarningTimeOut, current.warningSeconds),
    refreshSeconds: seconds(settings.Session_TokenRefreshInterval, current.refreshSeconds),
  };
}

export const sameTiming = (a: SessionTiming, b: SessionTiming): boolean =>
  a.idleSeconds === b.idleSeconds && a.warningSeconds === b.warningSeconds && a.refreshSeconds === b.refreshSeconds;
