import { Button, Link, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { useSelector } from '@xstate/react';
import { useCallback, type ReactNode, type SyntheticEvent } from 'react';
import type { ResetInput } from '@contracts/forms/reset-rules';
import {
  selectCaptchaConfig,
  selectCaptchaMissing,
  selectCaptchaRound,
  selectCulture,
  selectFailure,
  selectIsBusy,
  selectValue,
} from '@machines/password-reset/password-reset.selectors';
import { labels } from '../../i18n/labels';
import { Captcha } from '../../ui/captcha/Captcha';
import { LabelledField } from '../../ui/form/LabelledField';
import { PasswordRuleList } from '../../ui/form/PasswordRuleList';
import { PasswordStrength } from '../../ui/form/PasswordStrength';
import { useInputFailureText } from '../form/use-input-failure-text';
import { ResetProblemNotice } from './ResetProblemNotice';
import type { ResetRef } from './reset-ref';
import { withValues } from '@src/i18n/with-values';

type StepProps = { resetRef: ResetRef };

/**
 * One section's form: its instructions, its inputs, the server's refusal, and the button that submits it (busy while
 * its call runs).
 */
function StepForm({
  resetRef,
  submit,
  instructions,
  children,
}: StepProps & { submit: string; instructions: string; children: ReactNode }) {
  const busy = useSelector(resetRef, selectIsBusy);
  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    resetRef.send({ type: 'submit' });
  };
  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="4">
        <Text>{instructions}</Text>
        {children}
        <ResetProblemNotice resetRef={resetRef} />
        <Button type="submit" colorPalette="brand" loading={busy} alignSelf="start">
          {submit}
        </Button>
      </Stack>
    </form>
  );
}

/** What each input tells the browser: its keyboard and what it may fill in (a password manager may make one up). */
const inputKinds = {
  email: { type: 'email', autoComplete: 'email', inputMode: 'email' },
  otpCode: { autoComplete: 'one-time-code', inputMode: 'numeric' },
  password: { type: 'password', autoComplete: 'new-password' },
  confirmPassword: { type: 'password', autoComplete: 'new-password' },
} satisfies Record<ResetInput, { type?: string; autoComplete: string; inputMode?: 'numeric' | 'email' }>;

function ResetField({ resetRef, input, label }: StepProps & { input: ResetInput; label: string }) {
  const failureText = useInputFailureText();
  const value = useSelector(resetRef, selectValue(input));
  const failure = useSelector(resetRef, selectFailure(input));
  return (
    <LabelledField
      label={label}
      required
      value={value}
      message={failureText(failure, input === 'confirmPassword' ? input : undefined)}
      onChange={(next) => {
        resetRef.send({ type: 'edit', input, value: next });
      }}
      onBlur={() => {
        resetRef.send({ type: 'touch', input });
      }}
      {...inputKinds[input]}
    />
  );
}

/** Section 1: the e-mail and the captcha, which starts over after a failed request (its round changes). */
export function EmailStep({ resetRef }: StepProps) {
  const { i18n } = useLingui();
  const config = useSelector(resetRef, selectCaptchaConfig);
  const culture = useSelector(resetRef, selectCulture);
  const round = useSelector(resetRef, selectCaptchaRound);
  const missing = useSelector(resetRef, selectCaptchaMissing);
  const onToken = useCallback(
    (token: string | undefined) => {
      resetRef.send({ type: 'captcha.token', token });
    },
    [resetRef],
  );
  return (
    <StepForm
      resetRef={resetRef}
      submit={i18n._(labels.ResetPassword_Button_SendCode)}
      instructions={i18n._(labels.ResetPassword_Text_EmailInstructions)}
    >
      <ResetField resetRef={resetRef} input="email" label={i18n._(labels.ResetPassword_Field_Email)} />
      {config === undefined ? null : (
        <Captcha config={config} culture={culture} round={round} action="passwordReset" onToken={onToken} />
      )}
      {missing ? (
        <Text color="fg.error" fontSize="sm">
          {i18n._(labels.ResetPassword_Text_CaptchaMissing)}
        </Text>
      ) : null}
    </StepForm>
  );
}

/** Sections 2 and 3: the section's form, and under it the way back to section 1 for a new code (the captcha again). */
function WithNewCodeLink({ resetRef, children }: StepProps & { children: ReactNode }) {
  const { i18n } = useLingui();
  return (
    <Stack gap="3">
      {children}
      <Link
        as="button"
        color="brand"
        alignSelf="start"
        onClick={() => {
          resetRef.send({ type: 'code.request' });
        }}
      >
        {i18n._(labels.ResetPassword_Button_ResendCode)}
      </Link>
    </Stack>
  );
}

/** Section 2: the 6-digit code. The text never says whether the address has an account. */
export function CodeStep({ resetRef }: StepProps) {
  const { i18n } = useLingui();
  const email = useSelector(resetRef, selectValue('email'));
  return (
    <WithNewCodeLink resetRef={resetRef}>
      <StepForm
        resetRef={resetRef}
        submit={i18n._(labels.ResetPassword_Button_VerifyCode)}
        instructions={i18n._(withValues(labels.ResetPassword_Text_CodeInstructions, { email: email.trim() }))}
      >
        <ResetField resetRef={resetRef} input="otpCode" label={i18n._(labels.ResetPassword_Field_Code)} />
      </StepForm>
    </WithNewCodeLink>
  );
}

/** Section 3: the new password twice, with the security form's rules and instruction lines. */
export function PasswordStep({ resetRef }: StepProps) {
  const { i18n } = useLingui();
  const password = useSelector(resetRef, selectValue('password'));
  const email = useSelector(resetRef, selectValue('email')).trim();
  return (
    <WithNewCodeLink resetRef={resetRef}>
      <StepForm
        resetRef={resetRef}
        submit={i18n._(labels.ResetPassword_Button_ResetPassword)}
        instructions={i18n._(labels.ResetPassword_Text_PasswordInstructions)}
      >
        <ResetField resetRef={resetRef} input="password" label={i18n._(labels.Security_Field_Password)} />
        <PasswordStrength password={password} owner={{ login: email, email }} />
        <ResetField resetRef={resetRef} input="confirmPassword" label={i18n._(labels.Security_Field_ConfirmPassword)} />
        <PasswordRuleList />
      </StepForm>
    </WithNewCodeLink>
  );
}
