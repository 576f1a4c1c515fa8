import { msg } from '@lingui/core/macro';

/** The names of the cultures, in every language picker (public pages and the dashboard's Edit Mode). */
export const cultureLabels = {
  Dashboard_Text_CultureEnglish: msg({ id: 'Dashboard_Text_CultureEnglish', message: 'English (en-us)' }),
  Dashboard_Text_CultureSpanish: msg({ id: 'Dashboard_Text_CultureSpanish', message: 'Spanish (es)' }),
};
