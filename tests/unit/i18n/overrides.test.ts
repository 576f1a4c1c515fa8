import { describe, expect, it } from 'vitest';
import { labels } from '@src/i18n/labels';
import { compileLabelValue, compileOverrides } from '@src/i18n/overrides';
import { applyOverrides, createI18n, setCulture } from '../../support/i18n';

describe('compileLabelValue', () => {
  it('turns spec placeholders into Lingui arguments between the text runs', () => {
    expect(compileLabelValue('Hello {{firstName}}, welcome to {{ clientName }}.')).toEqual([
      'Hello ',
      ['firstName'],
      ', welcome to ',
      ['clientName'],
      '.',
    ]);
  });

  it('keeps text without placeholders, ICU syntax included, as one literal run', () => {
    expect(compileLabelValue("<p>Sign in with your <b>work</b> email {here} ' #.</p>")).toEqual([
      "<p>Sign in with your <b>work</b> email {here} ' #.</p>",
    ]);
    expect(compileLabelValue('{{a}}{{b}}')).toEqual([['a'], ['b']]);
  });
});

describe('compileOverrides', () => {
  it('compiles each non-empty label into a Lingui message', () => {
    expect(compileOverrides({ Login_Text_Title: 'Hi {{name}}', Login_Link_Faq: '' })).toEqual({
      Login_Text_Title: ['Hi ', ['name']],
    });
  });
});

describe('resource label overrides', () => {
  it('replaces the built-in text of exactly the keys it is given', async () => {
    const i18n = await createI18n('en-us');
    applyOverrides(i18n, 'en-us', { Login_Text_Title: 'Sign in to Acme Health' });
    expect(i18n._(labels.Login_Text_Title)).toBe('Sign in to Acme Health');
    expect(i18n._(labels.Global_Button_Close)).toBe('Close');
  });

  it('substitutes spec-style placeholders in an override, in either culture', async () => {
    const i18n = await createI18n('es');
    applyOverrides(i18n, 'es', { Login_Text_ApplicationError: 'La aplicación {{applicationName}} no existe.' });
    expect(i18n._({ ...labels.Login_Text_ApplicationError, values: { applicationName: 'Wellness Hub' } })).toBe(
      'La aplicación Wellness Hub no existe.',
    );
  });

  it.each([
    ["It's {{clientName}}'s portal", "It's Acme's portal"],
    ['Use {braces} and } alone with {{clientName}}', 'Use {braces} and } alone with Acme'],
    ["A '{' quoted and {'} mixed", "A '{' quoted and {'} mixed"],
    ["{{clientName}}{'", "Acme{'"],
    ['Press # for help', 'Press # for help'],
    ['{{unclosed} {{ clientName }}', '{{unclosed} Acme'],
  ])('shows stray ICU syntax literally: %s', async (value, shown) => {
    const i18n = await createI18n('en-us');
    applyOverrides(i18n, 'en-us', { Login_Text_Title: value });
    expect(i18n._({ ...labels.Login_Text_Title, values: { clientName: 'Acme' } })).toBe(shown);
  });

  it('keeps the built-in text when the server sends an empty value', async () => {
    const i18n = await createI18n('en-us');
    applyOverrides(i18n, 'en-us', { Login_Text_Title: '  ' });
    expect(i18n._(labels.Login_Text_Title)).toBe('Sign in');
  });

  it('lasts only until the culture changes', async () => {
    const i18n = await createI18n('es');
    applyOverrides(i18n, 'es', { Login_Text_Title: 'Entra a Acme' });
    expect(i18n._(labels.Login_Text_Title)).toBe('Entra a Acme');
    await setCulture(i18n, 'en-us');
    expect(i18n._(labels.Login_Text_Title)).toBe('Sign in');
    await setCulture(i18n, 'es');
    expect(i18n._(labels.Login_Text_Title)).toBe('Iniciar sesión');
  });

  it('puts an English fallback row only where the Spanish catalogue has no text (issue 29 §7)', async () => {
    const i18n = await createI18n('es');
    applyOverrides(
      i18n,
      'es',
      { Login_Text_Subtitle: 'Subtítulo de Acme' },
      // Edited in English for this client, with no Spanish row: the Spanish built-in text stays.
      { Login_Text_Title: 'Sign in to Acme Health', FormField_Name_Nickname: 'Nickname' },
    );
    expect(i18n._(labels.Login_Text_Title)).toBe('Iniciar sesión');
    expect(i18n._('Login_Text_Subtitle')).toBe('Subtítulo de Acme');
    // A caption the catalogue does not have (a field an administrator added in English only) falls back to English.
    expect(i18n._('FormField_Name_Nickname')).toBe('Nickname');
  });

  it('never leaks into other instances or survives a change of culture', async () => {
    const first = await createI18n('en-us');
    applyOverrides(first, 'en-us', { Global_Button_Ok: 'Got it' });
    expect(first._(labels.Global_Button_Ok)).toBe('Got it');
    expect((await createI18n('en-us'))._(labels.Global_Button_Ok)).toBe('OK');
    await setCulture(first, 'en-us');
    expect(first._(labels.Global_Button_Ok)).toBe('OK');
  });
});
