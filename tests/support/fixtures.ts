import type { AggregatedResources, ListItem } from '@contracts/resources';
import type { AppInput } from '@machines/app/app.types';

/** An aggregated resources answer with only what a test names. */
export function aggregated(overrides: Partial<AggregatedResources> = {}): AggregatedResources {
  return {
    version: 20260101,
    culture: 'en-us',
    clientId: null,
    labels: {},
    inputs: {},
    lists: {},
    settings: {},
    allowsSignUp: false,
    theme: null,
    ...overrides,
  };
}

export const notSupportedList = (...patterns: string[]): Record<string, ListItem[]> => ({
  Global_List_NotSupportedBrowsers: patterns.map((value, index) => ({ id: String(index), key: `B${index}`, value })),
});

export const appInput = (overrides: Partial<AppInput> = {}): AppInput => ({
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0',
  culture: 'en-us',
  clientId: undefined,
  resources: { today: 20260101, storedVersion: undefined },
  notifications: { showErrorDetails: true },
  session: { signOutReason: undefined, profile: undefined },
  ...overrides,
});

export const ACME = '7d1e4a52-6b1f-4c55-9a39-0c2a3f1b5e11';
