import { Heading, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { selectPasswordResetRef } from '@machines/app/app.selectors';
import type { MessageDescriptor } from '@lingui/core';
import { selectDoneLink, selectSection, type ResetSection } from '@machines/password-reset/password-reset.selectors';
import { AppActor } from '../../app/AppActor';
import { paths, withCulture } from '../../app/routes';
import { labels } from '../../i18n/labels';
import { LoadFailedNotice } from '../LoadFailedNotice';
import { OnwardLink } from '../OnwardLink';
import { PublicPageHeading } from '../PublicPageHeading';
import { CodeStep, EmailStep, PasswordStep } from './ResetSteps';
import type { ResetRef } from './reset-ref';
import { BusySpinner } from '../../ui/BusySpinner';
import { useFocusOnChange } from '../../ui/use-focus-on-change';

/** The heading of each section a person works through; the focus moves to it when the section comes on screen. */
const sectionHeadings: Partial<Record<ResetSection, MessageDescriptor>> = {
  email: labels.ResetPassword_Text_StepEmail,
  code: labels.ResetPassword_Text_StepCode,
  password: labels.ResetPassword_Text_StepPassword,
  done: labels.ResetPassword_Text_StepDone,
};

/**
 * The one-time-code password reset page (spec public-and-profile §2; docs/flows/password-reset.md): the e-mail and
 * captcha, the code, the new password, then success with its link — or only the disabled message.
 */
export function ResetPasswordPage() {
  const resetRef = AppActor.useSelector(selectPasswordResetRef);
  return resetRef ? <ResetPassword resetRef={resetRef} /> : null;
}

function ResetPassword({ resetRef }: { resetRef: ResetRef }) {
  const { i18n } = useLingui();
  const section = useSelector(resetRef, selectSection);
  const clientId = useSelector(resetRef, (s) => s.context.clientId);
  const heading = sectionHeadings[section];
  const headingRef = useFocusOnChange<HTMLHeadingElement>(heading);
  return (
    <Stack gap="6">
      <PublicPageHeading clientId={clientId} title={i18n._(labels.ResetPassword_Text_Title)} />
      {heading === undefined ? null : (
        <Heading as="h2" size="lg" ref={headingRef} tabIndex={-1}>
          {i18n._(heading)}
        </Heading>
      )}
      {section === 'preparing' ? <BusySpinner alignSelf="center" /> : null}
      {section === 'failed' ? (
        <LoadFailedNotice
          message={i18n._(labels.ResetPassword_Text_LoadFailed)}
          onRetry={() => {
            resetRef.send({ type: 'retry' });
          }}
        />
      ) : null}
      {section === 'disabled' ? (
        <Stack gap="3" role="status">
          <Text>{i18n._(labels.ResetPassword_Text_Disabled)}</Text>
          <LoginLink clientId={clientId} />
        </Stack>
      ) : null}
      {section === 'email' ? <EmailStep resetRef={resetRef} /> : null}
      {section === 'code' ? <CodeStep resetRef={resetRef} /> : null}
      {section === 'password' ? <PasswordStep resetRef={resetRef} /> : null}
      {section === 'done' ? <Done resetRef={resetRef} /> : null}
    </Stack>
  );
}

function LoginLink({ clientId }: { clientId: string | undefined }) {
  const { i18n } = useLingui();
  return (
    <OnwardLink href={paths.login(clientId === undefined ? {} : { clientId })}>
      {i18n._(labels.ResetPassword_Link_Login)}
    </OnwardLink>
  );
}

const sameLink = (a: ReturnType<typeof selectDoneLink>, b: ReturnType<typeof selectDoneLink>) =>
  a.kind === 'redirect'
    ? b.kind === 'redirect' && a.url === b.url
    : b.kind === 'login' && a.culture === b.culture && a.clientId === b.clientId;

/** Section 4: success, and the link to the login page (in the page's culture) or to the given redirect. */
function Done({ resetRef }: { resetRef: ResetRef }) {
  const { i18n } = useLingui();
  const link = useSelector(resetRef, (s) => selectDoneLink(s, window.location.origin), sameLink);
  const href =
    link.kind === 'redirect'
      ? link.url
      : withCulture(paths.login(link.clientId === undefined ? {} : { clientId: link.clientId }), link.culture);
  return (
    <Stack gap="4" align="center" textAlign="center" role="status">
      <Text>{i18n._(labels.ResetPassword_Text_Success)}</Text>
      <OnwardLink href={href}>
        {i18n._(link.kind === 'redirect' ? labels.ResetPassword_Link_Continue : labels.ResetPassword_Link_Login)}
      </OnwardLink>
    </Stack>
  );
}
