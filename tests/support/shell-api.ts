import { vi } from 'vitest';
import type { AggregatedResources } from '@contracts/resources';
import type { NewError } from '@contracts/error-log';
import type { ShellApi } from '@src/app/wiring';
import { createControlledCall } from './controlled-actor';
import { aggregated } from './fixtures';

type AggregatedInput = Parameters<ShellApi['getAggregatedByPage']>[0];

/**
 * An API that answers at once: version 20260101, and for each resource load the answer `answer(input)` gives
 * (by default an empty page in the requested culture). Posted errors are recorded.
 */
export function answeringApi(answer: (input: AggregatedInput) => Partial<AggregatedResources> = () => ({})) {
  const postedErrors: NewError[] = [];
  const unauthorisedListeners = new Set<() => void>();
  const api: ShellApi = {
    getResourceVersion: () => Promise.resolve(20260101),
    getAggregatedByPage: (input) => Promise.resolve(aggregated({ culture: input.culture, ...answer(input) })),
    postNewError: (entry) => {
      postedErrors.push(entry);
      return Promise.resolve();
    },
    getLastRequestId: () => 'req-last',
    setRequestCulture: vi.fn(),
    watchUnauthorised: (listener) => {
      unauthorisedListeners.add(listener);
      return () => {
        unauthorisedListeners.delete(listener);
      };
    },
    // Edit Mode's calls: a test that opens a text's dialog gives its own (tests/model/dashboard.harness.tsx).
    readText: () => Promise.reject(new Error('readText is not answered in this test')),
    saveText: () => Promise.reject(new Error('saveText is not answered in this test')),
  };
  /** Plays an API call answering 401, as src/api/http.ts reports one. */
  const answerUnauthorised = () => {
    for (const listener of unauthorisedListeners) listener();
  };
  return { api, postedErrors, answerUnauthorised };
}

/** An API whose resource calls wait until the test answers them (the model walk settles them at the exact step). */
export function controlledApi() {
  const version = createControlledCall<number, { clientId: string | undefined }>();
  const page = createControlledCall<AggregatedResources, AggregatedInput>();
  const { api: answering, postedErrors, answerUnauthorised } = answeringApi();
  const api: ShellApi = { ...answering, getResourceVersion: version.call, getAggregatedByPage: page.call };
  return { api, version, page, postedErrors, answerUnauthorised };
}
