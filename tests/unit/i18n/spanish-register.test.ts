import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { informalSpanish } from '@src/auth/widget-informal-spanish';
import { codeMail, passwordChangedMail } from '@server/api/password-reset/mails';
import { activationMail } from '@server/api/user-import/activation-mail';
import { invitationMail } from '@server/api/invitations/mail';
import { demoClientFaq, demoSharedFaq } from '@server/db/seed/world/faq';
import { seededTexts } from '../../support/seed-texts';
import { catalogueKinds, readCatalogue } from '../../contract/po-catalogues';

/**
 * Spanish speaks to the person as tú everywhere (docs/i18n.md "One register"): these are the words of usted that a
 * text addressed to the person would carry (formal imperatives and questions, "su cuenta"…). "su" alone is not among
 * them: "Recarga su versión" (someone else's) is tú.
 */
const USTED = new RegExp(
  [
    'usted(es)?',
    '(su|sus) (cuenta|contraseña|sesión|sesiones|nombre|apellido|administrador|dispositivo|perfil|datos|código|conexión|empresa|compañía|identidad)',
    'ingrese',
    'introduzca',
    'escriba',
    'escríbalo',
    'vuelva',
    'inténtelo',
    'intente',
    'póngase',
    'comuníquese',
    'haga',
    'seleccione',
    'verifique',
    'espere',
    'compruebe',
    'revise',
    'descargue',
    'inicie',
    'elija',
    'pida',
    'contacte',
    'recargue',
    'conserve',
    'restablezca',
    'ignore',
    'abra',
    'active',
    '¿(necesita|olvidó|recibió|no tiene|no puede)',
    'le (invitan|invitó|creó|enviamos|enviaremos)',
  ].join('|'),
  'iu',
);
const formal = (text: string) => new RegExp(`(^|[^\\p{L}])(${USTED.source})(?![\\p{L}])`, 'iu').test(text);

const mailTexts = (mail: { subject: string; text: string }) => [mail.subject, mail.text];

describe('Spanish uses one register, tú (issue 29 §5)', () => {
  it('knows usted when it sees it', () => {
    expect(formal('¿Olvidó la contraseña?')).toBe(true);
    expect(formal('Si ya tiene una cuenta, inicie sesión.')).toBe(true);
    expect(formal('Su cuenta está bloqueada.')).toBe(true);
    expect(formal('Recarga su versión, o conserva la tuya.')).toBe(false);
    expect(formal('No se puede iniciar sesión')).toBe(false);
  });

  it.each(catalogueKinds)('in the %s catalogue', async (kind) => {
    const catalogue = await readCatalogue('es', kind);
    expect([...catalogue].filter(([, text]) => formal(text))).toEqual([]);
  });

  it('in the demo world’s Spanish labels, inputs, fields, lists and menu', () => {
    const seeded = seededTexts(['es']);
    expect(seeded.length).toBeGreaterThan(50);
    expect(seeded.filter(formal)).toEqual([]);
  });

  it('in the demo world’s help page (FAQ) questions and answers', () => {
    const questions = [...demoSharedFaq, ...Object.values(demoClientFaq).flat()];
    const texts = questions.flatMap((question) => [question.part.es, question.header.es, question.text.es]);
    expect(texts.length).toBeGreaterThan(20);
    expect(texts.filter(formal)).toEqual([]);
  });

  it('in the mails', () => {
    const texts = [
      ...mailTexts(codeMail('a@b.test', 'es', 'Acme Health', '123456')),
      ...mailTexts(passwordChangedMail('a@b.test', 'es', 'Acme Health', 'https://gatehouse.test/Login/acme')),
      ...mailTexts(activationMail({ to: 'a@b.test', firstName: 'Ana', culture: 'es', client: 'Acme', link: 'x' })),
      ...mailTexts(invitationMail({ to: 'a@b.test', culture: 'es', client: 'Acme', link: 'x', days: 7 })),
    ];
    expect(texts.filter(formal)).toEqual([]);
  });

  it('in the Sign-In Widget’s texts of the flows Gatehouse runs, ours over its label file', async () => {
    const file = path.resolve(
      import.meta.dirname,
      '../../../node_modules/@okta/okta-signin-widget/dist/labels/json/login_es.json',
    );
    const widget = JSON.parse(await readFile(file, 'utf8')) as Record<string, string>;
    // Primary authentication, the e-mail reset, the recovery question, a new or expired password, TOTP, their errors.
    const shown = Object.keys(widget).filter(
      (key) =>
        /^(primaryauth\.|forgotpassword|needhelp|remember|password\.(forgot|reset|expired|complexity|oldPassword|newPassword|confirmPassword)|enroll\.(totp|choices)\.|mfa\.challenge\.|factor\.totpSoft|oform\.|error\.(username|password)\.required|error\.(expired\.session|auth\.lockedOut|network\.connection))/.test(
          key,
        ) || /^errors\.E0000(004|047|069|082|106|119|207)$/.test(key),
    );
    expect(shown.length).toBeGreaterThan(60);
    const text = (key: string) => informalSpanish[key] ?? widget[key] ?? '';
    expect(shown.filter((key) => formal(text(key))).map((key) => `${key}: ${text(key)}`)).toEqual([]);
    // Only keys the widget has: a misspelt key would change nothing on screen.
    expect(Object.keys(informalSpanish).filter((key) => widget[key] === undefined)).toEqual([]);
  });
});
