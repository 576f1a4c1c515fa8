import { setupI18n } from '@lingui/core';
import { render } from '@testing-library/react';
import { memoryLocation } from 'wouter/memory-location';
import type { AppInput } from '@machines/app/app.types';
import { AppRoot } from '@src/app/AppRoot';
import { routeTable } from '@src/app/routes';
import { wireApp, type ShellApi } from '@src/app/wiring';
import { createCatalogueRuntime } from '@src/i18n/runtime';
import { appInput } from './fixtures';
import { fakeIdentity, fakeNavigation } from './identity';
import { everyEnglishText } from './catalogue-text';

/**
 * Mounts the real shell (providers, wiring, views) at an address, with the given API and a memory location whose
 * history the test can read. Only the network and the address bar are fakes.
 */
export function renderShell({
  path,
  api,
  input = {},
  identity = fakeIdentity(),
}: {
  path: string;
  api: ShellApi;
  input?: Partial<AppInput>;
  identity?: ReturnType<typeof fakeIdentity>;
}) {
  const i18n = setupI18n();
  i18n.loadAndActivate({ locale: 'en-us', messages: { ...everyEnglishText } });
  const location = memoryLocation({ path, record: true });
  const navigation = fakeNavigation((to, options) => {
    location.navigate(to, options);
  });
  const logic = wireApp({
    api,
    catalogues: createCatalogueRuntime(i18n),
    window,
    identity: identity.port,
    navigation: navigation.port,
  });
  const view = render(
    <AppRoot
      i18n={i18n}
      logic={logic}
      input={appInput(input)}
      router={{ hook: location.hook, searchHook: location.searchHook }}
    />,
  );
  return { ...view, location, i18n, identity, navigation };
}

/**
 * Loads the shell's lazy chunks (the admin and board areas, the error modal, the browser notice) before a test
 * renders them. In jsdom a first `import()` of the admin area transforms every admin page, which on a busy machine
 * outlasts Testing Library's one-second wait; loaded beforehand, `lazy()` resolves in a microtask and the test waits
 * only for what it is about (the page, the modal), not for the module transform.
 */
export async function preloadLazyChunks(): Promise<void> {
  await Promise.all([
    import('@src/app/AdminArea'),
    import('@src/app/BoardArea'),
    // Every route's view: each page is a chunk of its own (src/app/route-views.tsx).
    ...routeTable.flatMap((route) => (route.kind === 'page' ? [route.view()] : [])),
    import('@src/ui/ErrorModal'),
    import('@src/ui/BrowserNotice'),
  ]);
}
