import { I18nProvider } from '@lingui/react';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { Culture } from '@contracts/culture';
import { useInputFailureText } from '@src/profile/form/use-input-failure-text';
import { createI18n } from '@tests/support/i18n';

async function inputFailureTextIn(culture: Culture) {
  const i18n = await createI18n(culture);
  const wrapper = ({ children }: { children: ReactNode }) => <I18nProvider i18n={i18n}>{children}</I18nProvider>;
  return renderHook(() => useInputFailureText(), { wrapper }).result.current;
}

/** The texts a profile input shows for its failure (public-and-profile §5 "Password pair", §3 "Input resource data"). */
describe('a profile input’s failure text', () => {
  it('says passwordMismatch on a confirmation that differs from the password, in the page’s language', async () => {
    expect((await inputFailureTextIn('en-us'))({ kind: 'invalid' }, 'confirmPassword')).toBe(
      'The passwords do not match.',
    );
    expect((await inputFailureTextIn('es'))({ kind: 'invalid' }, 'confirmPassword')).toBe(
      'Las contraseñas no coinciden.',
    );
  });

  it('gives another input’s invalid value the shared text, not the mismatch', async () => {
    const text = await inputFailureTextIn('en-us');
    expect(text({ kind: 'invalid' })).not.toBe('The passwords do not match.');
    expect(text({ kind: 'invalid' })).toBe(text({ kind: 'invalid' }, undefined));
  });

  it('says Invalid Resource for an input without resource data, and nothing without a failure', async () => {
    const text = await inputFailureTextIn('en-us');
    expect(text({ kind: 'invalidResource' })).toBe('Invalid Resource');
    expect(text(undefined, 'confirmPassword')).toBeUndefined();
  });
});

/** Issue 34 §1: the reasons the server names on a refused password (`details[].kind`), as the page says them. */
describe('a refused password’s reason', () => {
  it('reads the same reason in English and in Spanish', async () => {
    const [en, es] = [await inputFailureTextIn('en-us'), await inputFailureTextIn('es')];
    expect(
      (['commonPassword', 'breachedPassword', 'personalPassword'] as const).map((kind) => [en({ kind }), es({ kind })]),
    ).toEqual([
      [
        'This is one of the most common passwords. Choose one that is harder to guess.',
        'Esta es una de las contraseñas más comunes. Elige una más difícil de adivinar.',
      ],
      [
        'This password has appeared in data breaches. Choose another one.',
        'Esta contraseña ha aparecido en filtraciones de datos. Elige otra.',
      ],
      [
        'Do not use your name, your email address or your organisation’s name in your password.',
        'No uses tu nombre, tu correo electrónico ni el nombre de tu organización en la contraseña.',
      ],
    ]);
  });
});
