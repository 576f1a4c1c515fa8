import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { ListItem } from '@contracts/resources';
import { UiProvider } from '@src/ui/UiProvider';
import { everyEnglishText } from './catalogue-text';

/** An admin view with the app's providers (Chakra, English catalogue) and nothing else: no shell, no network. */
export function renderAdminView(view: ReactNode) {
  const i18n = setupI18n();
  i18n.loadAndActivate({ locale: 'en-us', messages: { ...everyEnglishText } });
  return render(
    <UiProvider>
      <I18nProvider i18n={i18n}>{view}</I18nProvider>
    </UiProvider>,
  );
}

/** Global_List_Icons as the resources API serves it. */
export const iconList: ListItem[] = [
  { id: '1', key: 'file-text', value: 'Document' },
  { id: '2', key: 'heart-pulse', value: 'Health' },
];
