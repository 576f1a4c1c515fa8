import { Button, HStack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { sameSteps, selectSteps, type StepView } from '@machines/profile-form/profile-form.selectors';
import { labels } from '../../i18n/labels';
import type { ProfileFormRef } from './profile-form-ref';

/**
 * The stepper (spec §2): Profile, a step per application in Agent and Admin mode, Security. A step is a button while
 * the machine lets the person go there (linear in Register); the step on screen is marked `aria-current="step"`.
 */
export function ProfileStepper({ formRef }: { formRef: ProfileFormRef }) {
  const { i18n, t } = useLingui();
  const steps = useSelector(formRef, selectSteps, sameSteps);
  const titleOf = (step: StepView) =>
    step.kind === 'profile'
      ? i18n._(labels.Instance_Text_StepProfile)
      : step.kind === 'security'
        ? i18n._(labels.Instance_Text_StepSecurity)
        : (step.applicationName ?? '');
  if (steps.length < 2) return null;
  return (
    <HStack as="nav" aria-label={t({ id: 'Instance_Text_Steps', message: 'Steps' })} gap="2" wrap="wrap">
      {steps.map((step, index) => (
        <Button
          key={`${step.kind}-${String(index)}`}
          size="sm"
          variant={step.current ? 'solid' : 'outline'}
          aria-current={step.current ? 'step' : undefined}
          disabled={!step.current && !step.reachable}
          onClick={() => {
            if (!step.current) formRef.send({ type: 'edit', changes: { kind: 'step', to: index } });
          }}
        >
          {`${String(index + 1)}. ${titleOf(step)}`}
        </Button>
      ))}
    </HStack>
  );
}
