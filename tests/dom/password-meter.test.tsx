import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Culture } from '@contracts/culture';
import { PasswordStrength } from '@src/ui/form/PasswordStrength';
import { UiProvider } from '@src/ui/UiProvider';
import { createI18n } from '@tests/support/i18n';

const maria = { login: 'maria@acme.test', email: 'maria@acme.test', names: ['María', 'López'] };

async function meterFor(password: string, culture: Culture = 'en-us') {
  const i18n = await createI18n(culture);
  render(
    <UiProvider>
      <I18nProvider i18n={i18n}>
        <PasswordStrength password={password} owner={maria} />
      </I18nProvider>
    </UiProvider>,
  );
  // The meter is a chunk of its own: it appears once loaded.
  return screen.findByRole('meter');
}

/** Issue 34 §1 (beyond the spec): the strength meter under a new password says how strong it is and why. */
describe('the password strength meter', () => {
  it('calls a common password weak and says why', async () => {
    const meter = await meterFor('Password123!');
    expect(meter).toHaveAttribute('aria-valuenow', '1');
    expect(meter).toHaveTextContent(
      'Weak — This is one of the most common passwords. Choose one that is harder to guess.',
    );
  });

  it('says why in Spanish on a Spanish page', async () => {
    const meter = await meterFor('Password123!', 'es');
    expect(meter).toHaveTextContent('Débil — Esta es una de las contraseñas más comunes.');
  });

  it('names a breached password and one made of the person’s own name', async () => {
    expect(await meterFor('Chinacat77')).toHaveTextContent('This password has appeared in data breaches.');
    document.body.innerHTML = '';
    expect(await meterFor('Lopez-Garden-8')).toHaveTextContent('Do not use your name');
  });

  it('calls a long password of unrelated words strong, and a short one fair with a hint', async () => {
    const strong = await meterFor('Quiet-Harbour-Lantern-58');
    expect(strong).toHaveAttribute('aria-valuenow', '4');
    expect(strong).toHaveTextContent('Strong');
    document.body.innerHTML = '';
    const fair = await meterFor('Zebra-Kiwi7');
    expect(fair).toHaveAttribute('aria-valuenow', '2');
    expect(fair).toHaveTextContent('A longer password is harder to guess');
  });

  it('shows nothing before anything is typed', async () => {
    const i18n = await createI18n('en-us');
    const { container } = render(
      <UiProvider>
        <I18nProvider i18n={i18n}>
          <PasswordStrength password="" owner={maria} />
        </I18nProvider>
      </UiProvider>,
    );
    await import('@src/ui/form/password-meter/PasswordMeter');
    expect(container.querySelector('[data-testid="password-meter"]')).toBeNull();
    expect(screen.queryByRole('meter')).toBeNull();
  });
});
