import { Button, HStack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { SignInReset, signInResetsMachine } from '@machines/user-dialog/sign-in-resets.machine';
import { selectResetAsked, selectResetsOffered, selectResetting } from '@machines/user-dialog/sign-in-resets.selectors';
import { ConfirmDialog } from '../../ui/ConfirmDialog';

type ResetsRef = ActorRefFrom<typeof signInResetsMachine>;

/**
 * "Clear sessions" and "Reset factors" in the user dialog (issue 31 items 2 and 3, docs/flows/user-dialog.md): an
 * administrator signs the person out everywhere or removes their factors, after a question naming them. Renders the
 * dialog's `signInResets` child; nothing when it offers nothing.
 */
export function SignInResetsControl({ resetsRef, name }: { resetsRef: ResetsRef | undefined; name: string }) {
  return resetsRef ? <SignInResets resetsRef={resetsRef} name={name} /> : null;
}

function SignInResets({ resetsRef, name }: { resetsRef: ResetsRef; name: string }) {
  const { t } = useLingui();
  const offered = useSelector(resetsRef, selectResetsOffered);
  const asked = useSelector(resetsRef, selectResetAsked);
  const resetting = useSelector(resetsRef, selectResetting);
  if (!offered) return null;
  const texts: Record<SignInReset, { button: string; question: string; confirm: string }> = {
    clearSessions: {
      button: t({ id: 'Instance_Button_ClearSessions', message: 'Clear sessions' }),
      question: t({
        id: 'Instance_Text_ClearSessionsQuestion',
        message: `Sign ${name} out everywhere? Every session of theirs ends and their applications can no longer renew their sign-in.`,
      }),
      confirm: t({ id: 'Instance_Button_ConfirmClearSessions', message: 'Sign them out' }),
    },
    resetFactors: {
      button: t({ id: 'Instance_Button_ResetFactors', message: 'Reset factors' }),
      question: t({
        id: 'Instance_Text_ResetFactorsQuestion',
        message: `Remove every factor of ${name}, their authenticator app and passkeys? They set them up again at their next sign-in.`,
      }),
      confirm: t({ id: 'Instance_Button_ConfirmResetFactors', message: 'Reset the factors' }),
    },
  };
  const resets: readonly SignInReset[] = ['clearSessions', 'resetFactors'];
  return (
    <HStack justify="flex-end" paddingTop="4">
      {resets.map((reset) => (
        <Button
          key={reset}
          size="sm"
          variant="outline"
          aria-busy={resetting === reset}
          disabled={resetting !== undefined}
          onClick={() => {
            resetsRef.send({ type: 'reset.ask', reset });
          }}
        >
          {texts[reset].button}
        </Button>
      ))}
      <ConfirmDialog
        open={asked !== undefined}
        title={asked === undefined ? '' : texts[asked].question}
        confirmLabel={asked === undefined ? '' : texts[asked].confirm}
        onYes={() => {
          resetsRef.send({ type: 'reset.confirm' });
        }}
        onNo={() => {
          resetsRef.send({ type: 'reset.cancel' });
        }}
      />
    </HStack>
  );
}
