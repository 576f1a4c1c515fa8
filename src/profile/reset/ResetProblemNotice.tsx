import { Alert } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useSelector } from '@xstate/react';
import { EXCEEDED_MAX_OTP } from '@contracts/password-reset';
import { selectProblem } from '@machines/password-reset/password-reset.selectors';
import { labels } from '../../i18n/labels';
import type { ResetRef } from './reset-ref';
import { withValues } from '@src/i18n/with-values';

/** The texts of the refusals the reset explains; any other shows the server's message (spec §8). */
const problemLabels: Partial<Record<string, MessageDescriptor>> = {
  otp_invalid: labels.ResetPassword_Error_CodeInvalid,
  [EXCEEDED_MAX_OTP]: labels.ResetPassword_Error_AttemptsExceeded,
  reset_grant_invalid: labels.ResetPassword_Error_GrantInvalid,
  sso_user: labels.ResetPassword_Error_SingleSignOn,
  rate_limited: labels.Global_Error_429,
  forbidden: labels.ResetPassword_Text_Disabled,
  internal: labels.Global_Error_General,
};

/** The server's refusal of the last call, with its error code (spec §8: "… with an error code"). */
export function ResetProblemNotice({ resetRef }: { resetRef: ResetRef }) {
  const { i18n } = useLingui();
  const problem = useSelector(resetRef, selectProblem);
  if (problem === undefined) return null;
  const known = problemLabels[problem.code];
  const text = known === undefined ? problem.message : i18n._(known);
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>{text === '' ? i18n._(labels.Global_Error_General) : text}</Alert.Description>
        <Alert.Description fontSize="sm" color="fg.muted">
          {i18n._(withValues(labels.ResetPassword_Text_ErrorCode, { code: problem.code }))}
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
