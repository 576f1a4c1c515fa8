import { Button, Dialog, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { sessionMachine } from '@machines/session/session.machine';
import { selectIdleWarning } from '@machines/session/session.selectors';
import { labels } from '../i18n/labels';
import { DialogFrame } from './DialogFrame';

const warningText = (seconds: number) => ({ ...labels.Session_Text_IdleWarning, values: { seconds } });

const sameWarning = (a: { open: boolean; secondsLeft: number }, b: { open: boolean; secondsLeft: number }) =>
  a.open === b.open && a.secondsLeft === b.secondsLeft;

/**
 * The idle warning (public-and-profile §4 "Session idle"): a countdown; Keep working resumes, Log out (or the end of
 * the countdown, which the session machine times) signs out. The session machine decides when it is open.
 */
export function IdleWarningDialog({ sessionRef }: { sessionRef: ActorRefFrom<typeof sessionMachine> }) {
  const { i18n } = useLingui();
  const warning = useSelector(sessionRef, selectIdleWarning, sameWarning);
  // Mounted only while open: a closed dialog leaves nothing behind (no exit animation to wait for).
  if (!warning.open) return null;
  return (
    <DialogFrame
      title={i18n._(labels.Session_Text_IdleTitle)}
      onClose={() => {
        sessionRef.send({ type: 'idle.resume' });
      }}
      frame={{ role: 'alertdialog', closeOnInteractOutside: false }}
    >
      <Dialog.Body>
        <Text aria-live="polite">{i18n._(warningText(warning.secondsLeft))}</Text>
      </Dialog.Body>
      <Dialog.Footer>
        <Button
          variant="outline"
          onClick={() => {
            sessionRef.send({ type: 'session.logOut' });
          }}
        >
          {i18n._(labels.Session_Button_LogOut)}
        </Button>
        <Button
          colorPalette="blue"
          onClick={() => {
            sessionRef.send({ type: 'idle.resume' });
          }}
        >
          {i18n._(labels.Session_Button_KeepWorking)}
        </Button>
      </Dialog.Footer>
    </DialogFrame>
  );
}
