import { I18nProvider } from '@lingui/react';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { ImportProblem } from '@contracts/user-import';
import { useProblemText } from '@src/admin/users/import/use-problem-text';
import { createI18n } from '@tests/support/i18n';

async function problemTextIn(culture: 'en-us' | 'es') {
  const i18n = await createI18n(culture);
  const wrapper = ({ children }: { children: ReactNode }) => <I18nProvider i18n={i18n}>{children}</I18nProvider>;
  return renderHook(() => useProblemText(), { wrapper }).result.current;
}

/** The refusals that are not a field rule's, as the dry run reports them (server/api/user-import). */
const problems: ImportProblem[] = [
  { line: 2, column: '', message: 'The row cannot be read: Invalid Closing Quote', reason: { code: 'unreadableRow' } },
  {
    line: 3,
    column: '',
    message: 'The row has 2 cells; the header has 5.',
    reason: { code: 'cellCount', cells: 2, columns: 5 },
  },
  {
    line: 4,
    column: 'Role',
    message: "Pilot is not a role of the client's applications",
    reason: { code: 'unknownRole', role: 'Pilot' },
  },
  {
    line: 5,
    column: 'Email',
    message: 'belongs to a provider administrator, who is not imported',
    reason: { code: 'providerAdministrator' },
  },
  { line: 6, column: 'Email', message: 'is also on line 2', reason: { code: 'repeatedEmail', earlierLine: 2 } },
];

describe('an import problem that is not a field rule’s, in the reader’s language (issue 29 §7)', () => {
  it('words every reason in Spanish on a Spanish page, with its values', async () => {
    const text = await problemTextIn('es');
    expect(problems.map(text)).toEqual([
      'No se puede leer la fila: revisa sus comillas y separadores.',
      'La fila tiene 2 celdas; la cabecera tiene 5.',
      'Pilot no es un rol de las aplicaciones del cliente.',
      'Este correo electrónico pertenece a un administrador del proveedor, que no se importa.',
      'Este correo electrónico también está en la línea 2.',
    ]);
  });

  it('words them in English on an English page, and keeps the stored words of a problem without a reason', async () => {
    const text = await problemTextIn('en-us');
    expect(text(problems[4] as ImportProblem)).toBe('This e-mail is also on line 2.');
    expect(text(problems[2] as ImportProblem)).toBe('Pilot is not a role of the client’s applications.');
    expect(text({ line: 6, column: 'Email', message: 'is also on line 2' })).toBe('is also on line 2');
  });
});
