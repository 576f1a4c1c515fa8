import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import type { ActorRefFrom } from 'xstate';
import { selectCaptchaRound } from '@machines/profile-form/profile-form.selectors';
import type { signUpMachine } from '@machines/sign-up/sign-up.machine';
import { selectCaptchaConfig, selectCulture } from '@machines/sign-up/sign-up.selectors';
import { Captcha } from '../ui/captcha/Captcha';
import type { ProfileFormRef } from './form/profile-form-ref';

/**
 * The Register footer's captcha: the configured one (ALTCHA or reCAPTCHA v3), whose answer goes to the form as an
 * edit and which starts over whenever the form's captcha round changes (a failed registration, spec §8).
 */
export function SignUpCaptcha({
  signUpRef,
  formRef,
}: {
  signUpRef: ActorRefFrom<typeof signUpMachine>;
  formRef: ProfileFormRef;
}) {
  const config = useSelector(signUpRef, selectCaptchaConfig);
  const culture = useSelector(signUpRef, selectCulture);
  const round = useSelector(formRef, selectCaptchaRound);
  const onToken = useCallback(
    (token: string | undefined) => {
      formRef.send({ type: 'edit', changes: { kind: 'captcha', token } });
    },
    [formRef],
  );
  if (config === undefined) return null;
  return <Captcha config={config} culture={culture} round={round} onToken={onToken} />;
}
