import { describe, expect, it } from 'vitest';
import { signUpCaptchaOn, signUpEmailEditable } from '@contracts/resources';

/** The site flags the sign-up page and the server read (public-and-profile §5 "Text flags"). */
describe('text flags compared with the text "true" (public-and-profile §5)', () => {
  it('SignUp_EmailEditable lets the e-mail be typed only when it is the text "true" (spaces and case aside)', () => {
    expect(signUpEmailEditable({ SignUp_EmailEditable: 'true' })).toBe(true);
    expect(signUpEmailEditable({ SignUp_EmailEditable: ' True ' })).toBe(true);
    for (const other of ['false', 'yes', '1', ''])
      expect(signUpEmailEditable({ SignUp_EmailEditable: other })).toBe(false);
    expect(signUpEmailEditable({})).toBe(false);
  });

  it('RecaptchaFeatureEnabled other than "true" turns the sign-up captcha off; absent keeps it on', () => {
    expect(signUpCaptchaOn({ RecaptchaFeatureEnabled: 'true' })).toBe(true);
    expect(signUpCaptchaOn({ RecaptchaFeatureEnabled: ' TRUE ' })).toBe(true);
    for (const other of ['false', 'no', '0', ''])
      expect(signUpCaptchaOn({ RecaptchaFeatureEnabled: other })).toBe(false);
    expect(signUpCaptchaOn({})).toBe(true);
  });
});
