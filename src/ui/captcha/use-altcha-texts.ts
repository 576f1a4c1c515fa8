import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import type { AltchaTexts } from './altcha-runtime';

/** The ALTCHA widget's texts in the active culture, from our catalogues (ids `Global_Text_Captcha…`). */
export function useAltchaTexts(): AltchaTexts {
  const { t } = useLingui();
  return useMemo(
    () => ({
      label: t({ id: 'Global_Text_CaptchaLabel', message: "I'm not a robot" }),
      verifying: t({ id: 'Global_Text_CaptchaVerifying', message: 'Verifying…' }),
      verified: t({ id: 'Global_Text_CaptchaVerified', message: 'Verified' }),
      error: t({ id: 'Global_Text_CaptchaError', message: 'Verification failed. Try again.' }),
      expired: t({ id: 'Global_Text_CaptchaExpired', message: 'The verification expired. Check the box again.' }),
      verificationRequired: t({
        id: 'Global_Text_CaptchaRequired',
        message: "Check the box to confirm you're not a robot.",
      }),
      waitAlert: t({ id: 'Global_Text_CaptchaWaitAlert', message: 'Verifying… please wait.' }),
      ariaLinkLabel: t({ id: 'Global_Text_CaptchaLogoLink', message: 'ALTCHA (official website)' }),
    }),
    [t],
  );
}
