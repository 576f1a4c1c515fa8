import { Button, HStack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { labels } from '../../i18n/labels';

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
