import * as v from 'valibot';
import type { SignOutReason } from '@machines/session/session.machine';
import { normaliseCulture, type Culture } from '@contracts/culture';
import { storage } from './storage';
import { storageKeys, type StorageKey } from './storage-keys';
import type { LoginAttempts } from '@machines/login/attempts';
import { UserProfileSchema, type UserProfile } from '@contracts/profile';

/** Stored values are read defensively: anything unreadable counts as not stored. */
const SignOutReasonSchema = v.union([
  v.object({ code: v.literal('application_not_found'), applicationName: v.string() }),
  v.object({ code: v.literal('client_not_found'), clientId: v.string() }),
]);

export function readStoredSignOutReason(): SignOutReason | undefined {
  const stored = storage.read(storageKeys.applicationError);
  if (stored === undefined) return undefined;
  try {
    const parsed = v.safeParse(SignOutReasonSchema, JSON.parse(stored));
    return parsed.success ? parsed.output : undefined;
  } catch {
    return undefined;
  }
}

export function readStoredCulture(): Culture {
  return normaliseCulture(storage.read(storageKeys.culture));
}

export function readStoredResourceVersion(): number | undefined {
  const stored = Number(storage.read(storageKeys.resourceVersion));
  return Number.isSafeInteger(stored) && stored > 0 ? stored : undefined;
}

/** A stored JSON value that passes its schema, else undefined. */
export function readJson<T>(key: StorageKey, schema: v.GenericSchema<unknown, T>): T | undefined {
  const stored = storage.read(key);
  if (stored === undefined) return undefined;
  try {
    const parsed = v.safeParse(schema, JSON.parse(stored));
    return parsed.success ? parsed.output : undefined;
  } catch {
    return undefined;
  }
}

/** The validated profile of the signed-in person, when their tokens are still stored. */
export function readStoredProfile(hasToken: boolean): UserProfile | undefined {
  return hasToken ? readJson(storageKeys.profile, UserProfileSchema) : undefined;
}

const LoginAttemptsSchema = v.record(v.string(), v.object({ count: v.number(), expiresAt: v.number() }));

export function readStoredAttempts(): LoginAttempts {
  return readJson(storageKeys.loginAttempts, LoginAttemptsSchema) ?? {};
}

/** The SSOID of the stored site configuration (the Reset page stores it), if it names one. */
export function readStoredSsoId(): string | undefined {
  return readJson(storageKeys.siteConfiguration, v.object({ ssoId: v.nullish(v.string()) }))?.ssoId ?? undefined;
}
