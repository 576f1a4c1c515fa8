import { describe, expect, it } from 'vitest';
import { labels } from '@src/i18n/labels';
import { setupI18n } from '@lingui/core';
import { createCatalogueRuntime } from '@src/i18n/runtime';
import { createI18n } from '../../support/i18n';

describe('the built-in catalogues', () => {
  it('activates the culture it is given, with its built-in texts', async () => {
    expect((await createI18n('en-us'))._(labels.Global_Error_401)).toBe(
      'You are not authorized to perform this action.',
    );
    expect((await createI18n('es'))._(labels.Global_Error_401)).toBe(
      'No tienes autorización para realizar esta acción.',
    );
  });

  it('substitutes placeholders in both cultures', async () => {
    const values = { applicationName: 'Claims Portal' };
    expect((await createI18n('en-us'))._({ ...labels.Login_Text_ApplicationError, values })).toBe(
      'The application Claims Portal was not found. Check the address or contact your administrator.',
    );
    expect((await createI18n('es'))._({ ...labels.Login_Text_ApplicationError, values })).toBe(
      'No encontramos la aplicación Claims Portal. Revisa la dirección o contacta a tu administrador.',
    );
  });

  it('chooses the plural form of each culture', async () => {
    const english = await createI18n('en-us');
    const spanish = await createI18n('es');
    expect(english._({ ...labels.Login_Text_AttemptsRemaining, values: { count: 1 } })).toBe(
      'You have 1 sign-in attempt left.',
    );
    expect(english._({ ...labels.Login_Text_AttemptsRemaining, values: { count: 3 } })).toBe(
      'You have 3 sign-in attempts left.',
    );
    expect(spanish._({ ...labels.Login_Text_AttemptsRemaining, values: { count: 1 } })).toBe(
      'Te queda 1 intento para iniciar sesión.',
    );
    expect(spanish._({ ...labels.Login_Text_AttemptsRemaining, values: { count: 3 } })).toBe(
      'Te quedan 3 intentos para iniciar sesión.',
    );
  });
});

describe('the catalogue runtime', () => {
  it('switches an existing instance to the other culture', async () => {
    const i18n = setupI18n();
    const runtime = createCatalogueRuntime(i18n);
    await runtime.activate('en-us');
    await runtime.activate('es');
    expect(i18n.locale).toBe('es');
    expect(i18n._(labels.Global_Button_Close)).toBe('Cerrar');
  });
});
