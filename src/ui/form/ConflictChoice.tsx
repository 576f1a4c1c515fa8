import { Button, HStack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { labels } from '../../i18n/labels';
import { ErrorSummary } from './ErrorSummary';

/**
 * The two ways out of an editor's conflict (someone saved the record after it was read): reload their version,
 * dropping the draft, or save the draft over it. Shown under the dialog's stale-update notice.
 */
export function ConflictChoice({ onReload, onKeepMine }: { onReload: () => void; onKeepMine: () => void }) {
  const { i18n } = useLingui();
  return (
    <HStack gap="2">
      <Button size="sm" variant="outline" onClick={onReload}>
        {i18n._(labels.Global_Button_ReloadTheirs)}
      </Button>
      <Button size="sm" onClick={onKeepMine}>
        {i18n._(labels.Global_Button_KeepMine)}
      </Button>
    </HStack>
  );
}

/**
 * An editor's stale update: the notice (`message`, undefined while the record is not stale) and, under it, the two
 * ways out. Every editor dialog shows a conflict this way.
 */
export function StaleUpdateNotice({
  message,
  status = 'error',
  onReload,
  onKeepMine,
}: {
  message: string | undefined;
  status?: 'warning' | 'error';
  onReload: () => void;
  onKeepMine: () => void;
}) {
  if (message === undefined) return null;
  return (
    <>
      <ErrorSummary status={status} message={message} />
      <ConflictChoice onReload={onReload} onKeepMine={onKeepMine} />
    </>
  );
}
