import { Button, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import {
  sameEmailView,
  selectEmailView,
  selectFieldNames,
  selectSecurityLink,
} from '@machines/profile-form/profile-form.selectors';
import { labels } from '../../i18n/labels';
import { adornmentProps } from '../../ui/form/input-adornments';
import { LabelledField } from '../../ui/form/LabelledField';
import { FieldItem } from './FieldItem';
import type { ProfileFormRef } from './profile-form-ref';
import { useInputFailureText } from './use-input-failure-text';

/**
 * Step 1, Profile (spec §2): the e-mail (editable only where the machine says so), the template fields in display
 * order, and in Edit mode a link to the Security step.
 */
export function ProfileStep({ formRef }: { formRef: ProfileFormRef }) {
  const { i18n, t } = useLingui();
  const failureText = useInputFailureText();
  const names = useSelector(formRef, selectFieldNames);
  const email = useSelector(formRef, selectEmailView, sameEmailView);
  const securityStep = useSelector(formRef, selectSecurityLink);
  const onChange = useCallback(
    (name: string, value: string) => {
      formRef.send({ type: 'edit', changes: { kind: 'field', name, value } });
    },
    [formRef],
  );
  const onBlur = useCallback(
    (name: string) => {
      formRef.send({ type: 'edit', changes: { kind: 'touch', input: `fields.${name}` } });
    },
    [formRef],
  );
  return (
    <Stack gap="4">
      <LabelledField
        label={i18n._(labels.Instance_Field_Email)}
        type="email"
        {...adornmentProps(email.adornments)}
        value={email.value}
        required
        readOnly={!email.editable}
        hint={
          email.lock === 'invitation'
            ? t({ id: 'Instance_Text_EmailLockedInvitation', message: 'Your invitation is for this address.' })
            : email.lock === 'link'
              ? t({
                  id: 'Instance_Text_EmailLockedLink',
                  message: 'This address came with your sign-up link, and your organisation keeps it as it is.',
                })
              : undefined
        }
        message={failureText(email.failure)}
        onChange={(value) => {
          formRef.send({ type: 'edit', changes: { kind: 'email', value } });
        }}
        onBlur={() => {
          formRef.send({ type: 'edit', changes: { kind: 'touch', input: 'email' } });
        }}
      />
      {names.map((name) => (
        <FieldItem key={name} formRef={formRef} name={name} onChange={onChange} onBlur={onBlur} />
      ))}
      {securityStep === undefined ? null : (
        <Button
          variant="plain"
          alignSelf="start"
          paddingX="0"
          colorPalette="brand"
          onClick={() => {
            formRef.send({ type: 'edit', changes: { kind: 'step', to: securityStep } });
          }}
        >
          {t({ id: 'Instance_Link_ChangeSecurity', message: 'Change your password or security question' })}
        </Button>
      )}
    </Stack>
  );
}
