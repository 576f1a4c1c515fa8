import type { I18n } from '@lingui/core';
import { labels } from '@src/i18n/admin-labels';

/** An instant as the person reads it, in their language and time zone. */
export const whenText = (at: string, i18n: I18n) =>
  i18n.date(new Date(at), { dateStyle: 'medium', timeStyle: 'medium' });

/** A row's client: its name, or, for a provider-wide change or an anonymous error, that it has none. */
export const clientText = (clientName: string | null, i18n: I18n) => clientName ?? i18n._(labels.Log_Text_ProviderWide);
