import { Button, Heading, HStack, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import type { ReactNode, SyntheticEvent } from 'react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import type { EmailChangeInput } from '@contracts/forms/email-change-rules';
import type { EmailChangeRequested } from '@contracts/my-account';
import {
  emailChangeMachine,
  type EmailChangeMachineInput,
  type EmailChangeRefusal,
} from '@machines/email-change/email-change.machine';
import {
  selectEmail,
  selectFailure,
  selectIsBusy,
  selectIsSso,
  selectRefusal,
  selectStep,
  selectValue,
} from '@machines/email-change/email-change.selectors';
import type { CallOptions } from '../api/http';
import { LabelledField } from '../ui/form/LabelledField';
import { useFailureText } from '../ui/form/use-failure-text';

type EmailChangeRef = ActorRefFrom<typeof emailChangeMachine>;

/** The two calls of the change (src/api/my-account.ts); tests give controlled ones. */
export interface EmailChangeApi {
  request: (body: { newEmail: string }, options: CallOptions) => Promise<EmailChangeRequested>;
  confirm: (body: { requestId: string; code: string }, options: CallOptions) => Promise<void>;
}

/**
 * "E-mail address" on My account (issue 34 item 5, docs/flows/email-change.md): the address now, and its change
 * confirmed by a code mailed to the new address. A thin view of machines/email-change.
 */
export function EmailChangeSection({ api, input }: { api: EmailChangeApi; input: EmailChangeMachineInput }) {
  const ref = useActorRef(
    emailChangeMachine.provide({
      actors: {
        requestChange: fromPromise(({ input: body, signal }) => api.request(body, { signal })),
        confirmChange: fromPromise(async ({ input: body, signal }) => {
          await api.confirm(body, { signal });
          return undefined;
        }),
      },
    }),
    { input },
  );
  return <EmailChangeView emailRef={ref} />;
}

export function EmailChangeView({ emailRef }: { emailRef: EmailChangeRef }) {
  const { t } = useLingui();
  const step = useSelector(emailRef, selectStep);
  const email = useSelector(emailRef, selectEmail);
  const sso = useSelector(emailRef, selectIsSso);
  const start = () => {
    emailRef.send({ type: 'change.start' });
  };
  return (
    <Stack as="section" gap="3" aria-labelledby="email-change-heading">
      <Heading as="h2" size="lg" id="email-change-heading">
        {t({ id: 'MyAccount_Text_EmailTitle', message: 'E-mail address' })}
      </Heading>
      {step === 'done' ? (
        <Text role="status">
          {t({
            id: 'MyAccount_Text_EmailChanged',
            message: `Your e-mail address is now ${email}. Sign in with it from now on; a notice went to your old address.`,
          })}
        </Text>
      ) : (
        <Text>{t({ id: 'MyAccount_Text_EmailNow', message: `Your e-mail address is ${email}.` })}</Text>
      )}
      {sso ? (
        <Text>
          {t({
            id: 'MyAccount_Text_EmailSso',
            message: 'You sign in through your organisation: your organisation changes your e-mail address.',
          })}
        </Text>
      ) : null}
      {(step === 'idle' || step === 'done') && !sso ? (
        <HStack>
          <Button variant="outline" onClick={start}>
            {t({ id: 'MyAccount_Button_ChangeEmail', message: 'Change e-mail address' })}
          </Button>
        </HStack>
      ) : null}
      {step === 'entering' ? <AddressStep emailRef={emailRef} /> : null}
      {step === 'code' ? <CodeStep emailRef={emailRef} /> : null}
    </Stack>
  );
}

function StepForm({ emailRef, submit, children }: { emailRef: EmailChangeRef; submit: string; children: ReactNode }) {
  const { t } = useLingui();
  const busy = useSelector(emailRef, selectIsBusy);
  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    emailRef.send({ type: 'submit' });
  };
  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="3">
        {children}
        <RefusalNotice emailRef={emailRef} />
        <HStack>
          <Button type="submit" colorPalette="brand" aria-busy={busy} disabled={busy}>
            {busy ? <Spinner size="xs" /> : null}
            {submit}
          </Button>
          <Button
            variant="ghost"
            disabled={busy}
            onClick={() => {
              emailRef.send({ type: 'cancel' });
            }}
          >
            {t({ id: 'MyAccount_Button_Cancel', message: 'Cancel' })}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}

/** What each input tells the browser: its keyboard and what it may fill in. */
const inputKinds = {
  newEmail: { type: 'email', autoComplete: 'email', inputMode: 'email' },
  code: { autoComplete: 'one-time-code', inputMode: 'numeric' },
} satisfies Record<EmailChangeInput, { type?: string; autoComplete: string; inputMode: 'numeric' | 'email' }>;

function EmailChangeField({
  emailRef,
  input,
  label,
}: {
  emailRef: EmailChangeRef;
  input: EmailChangeInput;
  label: string;
}) {
  const failureText = useFailureText();
  const value = useSelector(emailRef, selectValue(input));
  const failure = useSelector(emailRef, selectFailure(input));
  return (
    <LabelledField
      label={label}
      required
      value={value}
      message={failureText(failure)}
      onChange={(next) => {
        emailRef.send({ type: 'edit', input, value: next });
      }}
      onBlur={() => {
        emailRef.send({ type: 'touch', input });
      }}
      {...inputKinds[input]}
    />
  );
}

function AddressStep({ emailRef }: { emailRef: EmailChangeRef }) {
  const { t } = useLingui();
  return (
    <StepForm emailRef={emailRef} submit={t({ id: 'MyAccount_Button_SendEmailCode', message: 'Send the code' })}>
      <Text>
        {t({
          id: 'MyAccount_Text_NewEmailIntro',
          message: 'We mail a code to the new address. Your address changes only once you type that code here.',
        })}
      </Text>
      <EmailChangeField
        emailRef={emailRef}
        input="newEmail"
        label={t({ id: 'MyAccount_Field_NewEmail', message: 'New e-mail address' })}
      />
    </StepForm>
  );
}

function CodeStep({ emailRef }: { emailRef: EmailChangeRef }) {
  const { t } = useLingui();
  const newEmail = useSelector(emailRef, selectValue('newEmail')).trim();
  return (
    <Stack gap="3">
      <StepForm emailRef={emailRef} submit={t({ id: 'MyAccount_Button_ConfirmEmail', message: 'Change my address' })}>
        <Text>
          {t({
            id: 'MyAccount_Text_EmailCodeIntro',
            message: `We mailed a 6-digit code to ${newEmail}. Type it here within 15 minutes.`,
          })}
        </Text>
        <EmailChangeField
          emailRef={emailRef}
          input="code"
          label={t({ id: 'MyAccount_Field_EmailCode', message: 'Code from the e-mail' })}
        />
      </StepForm>
      <Link
        as="button"
        color="brand"
        alignSelf="start"
        onClick={() => {
          emailRef.send({ type: 'code.request' });
        }}
      >
        {t({ id: 'MyAccount_Button_NewEmailCode', message: 'Send a new code' })}
      </Link>
    </Stack>
  );
}

/** A refusal the person can act on, in their language. */
function RefusalNotice({ emailRef }: { emailRef: EmailChangeRef }) {
  const { t } = useLingui();
  const refusal = useSelector(emailRef, selectRefusal);
  if (refusal === undefined) return null;
  const texts: Record<EmailChangeRefusal, string> = {
    sameAddress: t({ id: 'MyAccount_Text_EmailSame', message: 'This is already your e-mail address.' }),
    taken: t({
      id: 'MyAccount_Text_EmailTaken',
      message: 'This address already belongs to another account of your organisation. Choose another one.',
    }),
    wrongCode: t({
      id: 'MyAccount_Text_EmailWrongCode',
      message: 'The code is not right, has expired or was already used. Type it again or send a new code.',
    }),
    rateLimited: t({
      id: 'MyAccount_Text_EmailRateLimited',
      message: 'You asked for too many codes. Try again in an hour.',
    }),
    sso: t({
      id: 'MyAccount_Text_EmailSso',
      message: 'You sign in through your organisation: your organisation changes your e-mail address.',
    }),
  };
  return (
    <Text role="alert" color="fg.error">
      {texts[refusal]}
    </Text>
  );
}
