import { I18nProvider } from '@lingui/react';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { FormField } from '@contracts/profile-form';
import { profileFieldFailure } from '@contracts/forms/profile-rules';
import { useFailureText } from '@src/ui/form/use-failure-text';
import { applyOverrides, createI18n } from '@tests/support/i18n';

/** The demo SSN field as the form definition carries it: its own message is the English one the field keeps. */
const ssn = {
  fieldName: 'SocialSecurityNumber',
  dataType: 'NVARCHAR',
  dataLength: 9,
  mandatory: false,
  hidden: false,
  templateHiddenField: false,
  adminField: false,
  fieldDisable: false,
  fieldTemplateLockFor: [],
  validationRegex: '^\\d{9}$',
  validationMessage: 'Enter the 9 digits of the social security number.',
  inputType: 'ssn',
  childs: [],
} as unknown as FormField;

const viewer = { admin: false, role: 'user' };

async function failureTextIn(culture: 'en-us' | 'es', labels: Record<string, string>) {
  const i18n = await createI18n(culture);
  // The page's resources answer: the FormField labels of the culture (seeded in both, server/db/seed/world/fields.ts).
  applyOverrides(i18n, culture, labels);
  const wrapper = ({ children }: { children: ReactNode }) => <I18nProvider i18n={i18n}>{children}</I18nProvider>;
  return renderHook(() => useFailureText(), { wrapper }).result.current;
}

describe("a field's own validation message in the page's culture (issue 29 §7)", () => {
  it('shows the Spanish message of the field on a Spanish page, not the English one the field keeps', async () => {
    const failure = profileFieldFailure(ssn, '123', viewer);
    expect(failure).toEqual({
      kind: 'pattern',
      message: 'Enter the 9 digits of the social security number.',
      messageKey: 'FormField_Message_SocialSecurityNumber',
    });
    const text = await failureTextIn('es', {
      FormField_Message_SocialSecurityNumber: 'Escribe los 9 dígitos del número de seguro social.',
    });
    expect(text(failure)).toBe('Escribe los 9 dígitos del número de seguro social.');
  });

  it('falls back to the field’s English message when no label of the culture exists, and to the shared label without either', async () => {
    const text = await failureTextIn('es', {});
    expect(text(profileFieldFailure(ssn, '123', viewer))).toBe('Enter the 9 digits of the social security number.');
    const bare = { ...ssn, validationMessage: null } as FormField;
    const shared = text(profileFieldFailure(bare, '123', viewer));
    expect(shared).not.toContain('Enter');
    expect(shared).toBe((await failureTextIn('es', {}))({ kind: 'pattern' }));
  });

  it('shows a server refusal by its kind and message key, in the culture of the page', async () => {
    const text = await failureTextIn('es', { FormField_Message_SocialSecurityNumber: 'Escribe los 9 dígitos.' });
    expect(text({ kind: 'pattern', messageKey: 'FormField_Message_SocialSecurityNumber' })).toBe(
      'Escribe los 9 dígitos.',
    );
  });
});
