import { describe, expect, it } from 'vitest';
import { inWidgetLanguage, widgetLabelsUrl } from '@src/auth/widget-error-texts';

const spanish = {
  'errors.E0000004': 'No se puede iniciar sesión',
  'errors.E0000001': 'Error de validación de la API: {0}',
};
const refused = JSON.stringify({
  errorCode: 'E0000004',
  errorSummary: 'Authentication failed',
  errorCauses: [{ errorSummary: 'cause' }],
});

describe("the Sign-In Widget's error texts in its language", () => {
  it("gives a refused password's answer the widget's text for its code, without causes the widget would show first", () => {
    const shown = inWidgetLanguage(spanish)({ responseText: refused });
    expect(shown.responseJSON).toEqual({ errorCode: 'E0000004', errorSummary: 'No se puede iniciar sesión' });
  });

  it('leaves an answer as it came when the code has no text, needs a parameter, or the body is not JSON', () => {
    const unknown = { responseText: JSON.stringify({ errorCode: 'E0000099', errorSummary: 'Something' }) };
    expect(inWidgetLanguage(spanish)(unknown)).toBe(unknown);
    const withParameter = { responseText: JSON.stringify({ errorCode: 'E0000001', errorSummary: 'x: y' }) };
    expect(inWidgetLanguage(spanish)(withParameter)).toBe(withParameter);
    const oauth = { responseText: JSON.stringify({ error: 'invalid_grant', error_description: 'gone' }) };
    expect(inWidgetLanguage(spanish)(oauth)).toBe(oauth);
    const html = { responseText: '<html>' };
    expect(inWidgetLanguage(spanish)(html)).toBe(html);
  });

  it("reads the widget's label file of the language (English has no suffix)", () => {
    expect(widgetLabelsUrl('es')).toBe('/widget-assets/labels/json/login_es.json');
    expect(widgetLabelsUrl('en')).toBe('/widget-assets/labels/json/login.json');
  });
});
