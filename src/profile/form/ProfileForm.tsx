import { Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect, useRef, type ReactNode } from 'react';
import {
  sameCurrentStep,
  selectCurrentStep,
  selectIsLoading,
  selectIsStale,
  selectLoadFailed,
} from '@machines/profile-form/profile-form.selectors';
import { SCROLL_TO_STEP_DELAY_MS } from '@machines/profile-form/profile-steps';
import { labels } from '../../i18n/labels';
import { ConflictChoice } from '../../ui/form/ConflictChoice';
import { ErrorSummary } from '../../ui/form/ErrorSummary';
import { useFocusOnChange } from '../../ui/use-focus-on-change';
import { LinkProblemsNotice } from './LinkProblemsNotice';
import { ProfileFooter } from './ProfileFooter';
import { ProfileStep } from './ProfileStep';
import { ProfileStepper } from './ProfileStepper';
import type { ProfileFormRef } from './profile-form-ref';
import { RoleStep } from './RoleStep';
import { SecurityStep } from './SecurityStep';

/**
 * The profile (instance) form in any mode (spec §2): a loader while its form is read, the host's card when the read
 * failed, else the stepper, the step on screen and the footer. A stale save (409) offers reload theirs / keep mine.
 */
export function ProfileForm({
  formRef,
  loadFailure,
  captcha,
  securityExtra,
  terms,
}: {
  formRef: ProfileFormRef;
  /** What the host shows when the form could not be read (the board's error card with its link). */
  loadFailure: ReactNode;
  /** The captcha of the Register footer. */
  captcha?: ReactNode;
  /** What the host adds under the Security step's inputs (Edit Profile: the person's sessions and passkeys). */
  securityExtra?: ReactNode;
  /** The terms of use and their checkbox, in the Register footer when the client has published terms. */
  terms?: ReactNode;
}) {
  const { i18n, t } = useLingui();
  const loading = useSelector(formRef, selectIsLoading);
  const failed = useSelector(formRef, selectLoadFailed);
  const stale = useSelector(formRef, selectIsStale);
  if (loading) {
    return (
      <Stack align="center" py="10" role="status">
        <Spinner size="lg" />
        <Text>{i18n._(labels.Global_Text_Loading)}</Text>
      </Stack>
    );
  }
  if (failed) return <>{loadFailure}</>;
  return (
    <Stack gap="6" data-testid="profile-form">
      <ProfileStepper formRef={formRef} />
      <LinkProblemsNotice formRef={formRef} />
      {stale ? (
        <Stack gap="2">
          <ErrorSummary
            status="warning"
            message={t({
              id: 'Instance_Text_Stale',
              message: 'Someone saved this profile after you opened it. Reload their version, or keep yours.',
            })}
          />
          <ConflictChoice
            onReload={() => {
              formRef.send({ type: 'reload' });
            }}
            onKeepMine={() => {
              formRef.send({ type: 'keepMine' });
            }}
          />
        </Stack>
      ) : null}
      <CurrentStep formRef={formRef} securityExtra={securityExtra} />
      <ProfileFooter formRef={formRef} captcha={captcha} terms={terms} />
    </Stack>
  );
}

/**
 * The step on screen, scrolled into sight a moment after it changes (spec §2 "scroll-to-step delay is 10 ms"), with
 * the focus on its heading.
 */
function CurrentStep({ formRef, securityExtra }: { formRef: ProfileFormRef; securityExtra: ReactNode }) {
  const { i18n } = useLingui();
  const { index, step } = useSelector(formRef, selectCurrentStep, sameCurrentStep);
  const top = useFocusOnChange<HTMLHeadingElement>(index);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return undefined;
    }
    const timer = setTimeout(() => {
      top.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    }, SCROLL_TO_STEP_DELAY_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [index, top]);
  const title =
    step.kind === 'profile'
      ? i18n._(labels.Instance_Text_StepProfile)
      : step.kind === 'security'
        ? i18n._(labels.Instance_Text_StepSecurity)
        : step.application.applicationName;
  return (
    <Stack gap="4" as="section" aria-labelledby="profile-step-title">
      <Heading as="h2" size="lg" id="profile-step-title" ref={top} tabIndex={-1}>
        {title}
      </Heading>
      {step.kind === 'profile' ? <ProfileStep formRef={formRef} /> : null}
      {step.kind === 'security' ? (
        <>
          <SecurityStep formRef={formRef} />
          {securityExtra}
        </>
      ) : null}
      {step.kind === 'roles' ? <RoleStep formRef={formRef} applicationId={step.application.applicationId} /> : null}
    </Stack>
  );
}
