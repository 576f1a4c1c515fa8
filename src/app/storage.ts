import type { StorageKey } from './storage-keys';

/**
 * Local storage that never throws: a browser with storage disabled (private mode, quota) behaves as if nothing was
 * stored, rather than breaking the page.
 */
export const storage = {
  read(key: StorageKey): string | undefined {
    try {
      return window.localStorage.getItem(key) ?? undefined;
    } catch {
      return undefined;
    }
  },
  write(key: StorageKey, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // Nothing to do: the value simply is not remembered.
    }
  },
  remove(key: StorageKey): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // Nothing to do: there is no storage to clean.
    }
  },
};
