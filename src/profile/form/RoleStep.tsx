import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { sameRoleView, selectRoleView } from '@machines/profile-form/profile-form.selectors';
import { LabelledField } from '../../ui/form/LabelledField';
import type { ProfileFormRef } from './profile-form-ref';
import { useInputFailureText } from './use-input-failure-text';

/** One application's role step (Agent and Admin modes, spec §2, §6): the roles its role URL offers, or the fallback. */
export function RoleStep({ formRef, applicationId }: { formRef: ProfileFormRef; applicationId: string }) {
  const { t } = useLingui();
  const failureText = useInputFailureText();
  const view = useSelector(formRef, (s) => selectRoleView(s, applicationId), sameRoleView);
  if (view === undefined) return null;
  const applicationName = view.applicationName;
  return (
    <LabelledField
      kind="select"
      label={t({ id: 'Instance_Field_Role', message: `Role in ${applicationName}` })}
      value={view.value}
      disabled={view.disabled}
      message={failureText(view.failure)}
      options={view.options.map((option) => ({ value: option.key, label: option.caption }))}
      empty={{ label: t({ id: 'Instance_Text_NoRole', message: 'No role' }) }}
      onChange={(value) => {
        formRef.send({ type: 'edit', changes: { kind: 'role', applicationId, value } });
      }}
    />
  );
}
