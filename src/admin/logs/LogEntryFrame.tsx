import { Button, Dialog, HStack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { ActorRef, MachineSnapshot } from 'xstate';
import type { LogEntryContext, LogEntryEvent } from '@machines/log-entry/log-entry.machine';
import { selectEntry, selectHasFailed, selectIsLoading } from '@machines/log-entry/log-entry.selectors';
import { LoadingStatus } from '@src/ui/LoadingStatus';
import { labels } from '@src/i18n/admin-labels';
import { DialogFrame } from '../../ui/DialogFrame';

/* eslint-disable @typescript-eslint/no-explicit-any -- any log entry machine's snapshot: the view reads its context */
export type EntryRef<Entry> = ActorRef<
  MachineSnapshot<LogEntryContext<Entry>, any, any, any, any, any, any, any>,
  LogEntryEvent
>;
/* eslint-enable @typescript-eslint/no-explicit-any */

/**
 * The frame of a log row's detail (machines/log-entry): the title, then while reading the loading status, after a
 * failed read Try again, and once read the entry as `body` lays it out; Close (or Escape) closes it.
 */
export function LogEntryFrame<Entry>({
  entryRef,
  title,
  body,
}: {
  entryRef: EntryRef<Entry>;
  /** The dialog's title, from the entry once it is read. */
  title: (entry: Entry | undefined) => string;
  body: (entry: Entry) => ReactNode;
}) {
  const { i18n } = useLingui();
  const entry = useSelector(entryRef, selectEntry<Entry>);
  const loading = useSelector(entryRef, selectIsLoading<Entry>);
  const failed = useSelector(entryRef, selectHasFailed<Entry>);
  const close = () => {
    entryRef.send({ type: 'close' });
  };
  return (
    <DialogFrame
      title={title(entry)}
      onClose={close}
      frame={{ size: 'cover', scrollBehavior: 'inside' }}
      content={{ width: { base: '100%', md: '70%' }, maxWidth: { base: '100%', md: '70%' }, height: 'auto' }}
    >
      {/* The body scrolls on its own (a long stack trace): focusable, so a keyboard can scroll it too (WCAG 2.1.1). */}
      <Dialog.Body tabIndex={0} role="region" aria-label={title(entry)}>
        {loading ? <LoadingStatus /> : null}
        {failed ? (
          <HStack role="alert" gap="3">
            <Text color="fg.error">{i18n._(labels.Log_Text_LoadFailed)}</Text>
            <Button
              size="sm"
              variant="outline"
              onClick={() => {
                entryRef.send({ type: 'retry' });
              }}
            >
              {i18n._(labels.Log_Button_Retry)}
            </Button>
          </HStack>
        ) : null}
        {entry === undefined ? null : body(entry)}
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={close}>
          {i18n._(labels.Log_Button_Close)}
        </Button>
      </Dialog.Footer>
    </DialogFrame>
  );
}
