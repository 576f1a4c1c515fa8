import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { defaultSystem } from '@chakra-ui/react';
import { system } from '@src/ui/system';

// Each test renders its own tree and owns its own storage: nothing leaks into the next one.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  delete window.dataLayer;
});

// A Chakra component whose recipe the system lacks renders unstyled without a word (src/ui/system.ts keeps only the
// recipes the views use): every view rendered by a DOM test asks for its recipes here, and a missing one fails it.
function requireRecipe(key: string): void {
  // Some components look up optional recipes (Text asks for "text", which Chakra's own theme has not either).
  if (defaultSystem.hasRecipe(key) && !system.hasRecipe(key)) {
    throw new Error(`src/ui/system.ts has no Chakra recipe "${key}": add it to the system's recipes`);
  }
}
const getRecipeFn = system.getRecipeFn.bind(system);
const getSlotRecipeFn = system.getSlotRecipeFn.bind(system);
system.getRecipeFn = (key, fallback) => {
  requireRecipe(key);
  // eslint-disable-next-line @typescript-eslint/no-unsafe-return -- Chakra types a recipe function with `any` props.
  return getRecipeFn(key, fallback);
};
system.getSlotRecipeFn = (key, fallback) => {
  requireRecipe(key);
  // eslint-disable-next-line @typescript-eslint/no-unsafe-return -- Chakra types a recipe function with `any` props.
  return getSlotRecipeFn(key, fallback);
};

// jsdom lays nothing out, so it has no scrolling: the profile form scrolls a new step into sight (spec §2), and the
// sign-up confirmation scrolls to the top. Here both are no-ops; the browser tests see the real thing.
Element.prototype.scrollIntoView = () => undefined;
window.scrollTo = () => undefined;

// Nor does jsdom observe sizes: a menu or popover places itself with Floating UI, which watches its anchor through a
// ResizeObserver. One that never reports keeps the first placement, which is all a DOM test reads.
// (Assigned only where missing: the DOM typings declare it always present.)
if (!('ResizeObserver' in globalThis)) {
  Object.assign(globalThis, {
    ResizeObserver: class {
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
    },
  });
}
