import { Stack } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { SecurityInput } from '@contracts/forms/profile-rules';
import { sameSecurityView, selectSecurityView } from '@machines/profile-form/profile-form.selectors';
import { labels } from '../../i18n/labels';
import { adornmentProps } from '../../ui/form/input-adornments';
import { LabelledField } from '../../ui/form/LabelledField';
import { PasswordRuleList } from '../../ui/form/PasswordRuleList';
import { PasswordStrength } from '../../ui/form/PasswordStrength';
import type { ProfileFormRef } from './profile-form-ref';
import { useInputFailureText } from './use-input-failure-text';

const inputLabels: Record<SecurityInput, MessageDescriptor> = {
  currentPassword: labels.Security_Field_CurrentPassword,
  password: labels.Security_Field_Password,
  confirmPassword: labels.Security_Field_ConfirmPassword,
  securityQuestion: labels.Security_Field_Question,
  securityAnswer: labels.Security_Field_Answer,
};

/**
 * The Security form (spec §2): current password (Edit only), password, confirmation, the question list (sorted by the
 * server, without case), the answer, and the password's instruction lines. Which inputs show, what each must hold and
 * when they are disabled (single-sign-on people) is the machine's; this only renders it.
 */
export function SecurityStep({ formRef }: { formRef: ProfileFormRef }) {
  const { i18n, t } = useLingui();
  const failureText = useInputFailureText();
  const view = useSelector(formRef, selectSecurityView, sameSecurityView);
  const send = (input: SecurityInput, value: string) => {
    formRef.send({ type: 'edit', changes: { kind: 'security', input, value } });
  };
  const touch = (input: SecurityInput) => {
    formRef.send({ type: 'edit', changes: { kind: 'touch', input: `security.${input}` } });
  };
  const common = (input: SecurityInput) => ({
    label: i18n._(inputLabels[input]),
    value: view.values[input],
    disabled: view.disabled,
    message: failureText(view.failures[input], input === 'confirmPassword' ? input : undefined),
    onChange: (value: string) => {
      send(input, value);
    },
    onBlur: () => {
      touch(input);
    },
  });
  return (
    <Stack gap="4">
      {view.inputs.map((input) =>
        input === 'password' ? (
          <Stack key={input} gap="2">
            <LabelledField type="password" autoComplete="new-password" {...common(input)} />
            <PasswordStrength password={view.values.password} owner={view.owner} />
          </Stack>
        ) : input === 'securityQuestion' ? (
          <LabelledField
            key={input}
            kind="select"
            {...common(input)}
            options={view.questions.map((question) => ({ value: question.question, label: question.question }))}
            empty={{ label: t({ id: 'Security_Text_ChooseQuestion', message: 'Choose a question' }) }}
          />
        ) : (
          <LabelledField
            key={input}
            type={input === 'securityAnswer' ? 'text' : 'password'}
            autoComplete={
              input === 'currentPassword' ? 'current-password' : input === 'securityAnswer' ? 'off' : 'new-password'
            }
            {...(input === 'securityAnswer' && adornmentProps(view.answerAdornments))}
            {...common(input)}
          />
        ),
      )}
      <PasswordRuleList />
    </Stack>
  );
}
