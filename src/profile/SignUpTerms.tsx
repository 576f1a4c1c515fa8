import { Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { selectTermsAccepted } from '@machines/profile-form/profile-form.selectors';
import type { signUpMachine } from '@machines/sign-up/sign-up.machine';
import { selectTerms } from '@machines/sign-up/sign-up.selectors';
import { LabelledField } from '../ui/form/LabelledField';
import { TermsDocument } from '../ui/TermsDocument';
import type { ProfileFormRef } from './form/profile-form-ref';

/**
 * The Register footer's terms of use and privacy notice (issue 34 item 2), when the client has published terms: each
 * text behind its own disclosure, and the box the person ticks to accept them; Register stays off until it is ticked
 * (the form machine's rule, profile-draft `canSaveProfile`).
 */
export function SignUpTerms({
  signUpRef,
  formRef,
}: {
  signUpRef: ActorRefFrom<typeof signUpMachine>;
  formRef: ProfileFormRef;
}) {
  const { t } = useLingui();
  const terms = useSelector(signUpRef, selectTerms);
  const accepted = useSelector(formRef, selectTermsAccepted);
  if (terms === undefined) return null;
  return (
    <Stack gap="3" data-testid="sign-up-terms">
      <TermsDocument title={t({ id: 'SignUp_Text_TermsOfUse', message: 'Terms of use' })} html={terms.termsHtml} />
      <TermsDocument
        title={t({ id: 'SignUp_Text_PrivacyNotice', message: 'Privacy notice' })}
        html={terms.privacyHtml}
      />
      <LabelledField
        kind="checkbox"
        label={t({
          id: 'SignUp_Checkbox_AcceptTerms',
          message: 'I have read and accept the terms of use and the privacy notice',
        })}
        required
        checked={accepted}
        onChange={(checked) => {
          formRef.send({ type: 'edit', changes: { kind: 'terms', accepted: checked } });
        }}
      />
    </Stack>
  );
}
