import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { actionText, actorText, auditRowText, entityText } from '@src/admin/logs/log-text';
import { messages as english } from '@src/locales/en-us/admin.po';
import { messages as spanish } from '@src/locales/es/admin.po';

const reader = (locale: string, messages: typeof english) => {
  const i18n = setupI18n();
  i18n.loadAndActivate({ locale, messages });
  return i18n;
};

describe('admin screens in plain words (issue 29 §5)', () => {
  const en = reader('en-us', english);
  const es = reader('es', spanish);

  it('names a profile and an import, not the tables they live in', () => {
    expect(entityText('instance', en)).toBe('Profile');
    expect(entityText('user_import', en)).toBe('User import');
    expect(actionText('import.commit', en)).toBe('Import started');
    expect(entityText('instance', es)).toBe('Perfil');
    expect(actionText('import.done', es)).toBe('Fin de la importación');
  });

  it('shows a login without its client’s internal prefix', () => {
    expect(actorText('AUL__ops@example.com')).toBe('ops@example.com');
    expect(actorText('ACME__maria@acme.test')).toBe('maria@acme.test');
    expect(actorText('unknown')).toBe('unknown');
    expect(auditRowText({ actor: 'AUL__ops@example.com', action: 'update', entity: 'instance' }, en)).toBe(
      'ops@example.com: Profile · Changed',
    );
  });

  it('keeps a word it does not know readable, without the code’s punctuation', () => {
    expect(entityText('role_assignment', en)).toBe('role assignment');
    expect(actionText('import.rollback', en)).toBe('import rollback');
  });
});
