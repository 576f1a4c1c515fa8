import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Each test renders its own tree and owns its own storage: nothing leaks into the next one.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  delete window.dataLayer;
});
