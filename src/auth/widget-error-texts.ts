import { WIDGET_ASSETS_BASE } from './widget-options';

/** The widget's own texts of one language, as its label file holds them (`errors.E0000004`: "Unable to sign in"). */
export type WidgetTexts = Readonly<Record<string, string>>;

/** The label file the widget reads for a language ("en" has no suffix). */
export const widgetLabelsUrl = (language: string) =>
  `${WIDGET_ASSETS_BASE}/labels/json/${language === 'en' ? 'login' : `login_${language}`}.json`;

type ErrorAnswer = {
  responseText?: unknown;
  responseJSON?: { errorCode?: unknown; errorSummary?: unknown; errorCauses?: unknown };
};

/**
 * An identity-provider error answer with its summary in the widget's language: the text the widget's label file has
 * for its Okta error code, where it has one that needs no parameter; otherwise the answer as it came. The widget does
 * this itself with the auth client it makes, but not with one it is handed (ours, shared with the portal), so a
 * refused password read "Authentication failed" on a Spanish page (auth-js calls this `transformErrorXHR`).
 */
export function inWidgetLanguage(texts: WidgetTexts) {
  return (answer: ErrorAnswer): ErrorAnswer => {
    let json = answer.responseJSON;
    if (json === undefined && typeof answer.responseText === 'string') {
      try {
        json = JSON.parse(answer.responseText) as ErrorAnswer['responseJSON'];
      } catch {
        return answer;
      }
    }
    const code = json?.errorCode;
    const text = typeof code === 'string' ? texts[`errors.${code}`] : undefined;
    if (json === undefined || text === undefined || text.includes('{0}')) return answer;
    // The widget shows the first cause before the summary: a translated summary stands alone, as in the widget's own.
    const translated = { ...json, errorSummary: text };
    delete translated.errorCauses;
    return { ...answer, responseJSON: translated };
  };
}
