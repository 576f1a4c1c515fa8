import type { I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import type { ComponentProps, ReactNode } from 'react';
import { Router } from 'wouter';
import type { InspectionEvent } from 'xstate';
import type { AppInput } from '@machines/app/app.types';
import { UiProvider } from '../ui/UiProvider';
import { AppActor } from './AppActor';
import { Shell } from './Shell';
import type { wireApp } from './wiring';

/**
 * The provider tree: Chakra, Lingui, wouter and the root actor around the shell. main.tsx mounts it with the real
 * wiring and browser location; tests mount it with controlled fakes and wouter's memory location.
 */
export function AppRoot({
  i18n,
  logic,
  input,
  router = {},
  inspect,
  children,
}: {
  i18n: I18n;
  logic: ReturnType<typeof wireApp>;
  input: AppInput;
  router?: Omit<ComponentProps<typeof Router>, 'children'>;
  /** The root actor's inspection observer: the flow inspector's, where its boot script set one (src/inspector/global.ts). */
  inspect?: ((event: InspectionEvent) => void) | undefined;
  /** Beside the shell, inside the providers: the offline shell's notices in production (main.tsx). */
  children?: ReactNode;
}) {
  return (
    <UiProvider>
      <I18nProvider i18n={i18n}>
        <Router {...router}>
          <AppActor.Provider logic={logic} options={inspect === undefined ? { input } : { input, inspect }}>
            <Shell />
          </AppActor.Provider>
          {children}
        </Router>
      </I18nProvider>
    </UiProvider>
  );
}
