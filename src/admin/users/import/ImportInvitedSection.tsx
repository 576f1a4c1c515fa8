import { Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { useSelector } from '@xstate/react';
import { selectInvited } from '@machines/user-import/user-import.selectors';
import { labels } from '@src/i18n/admin-labels';
import { withValues } from '@src/i18n/with-values';
import { ImportEventButton } from './ImportEventButton';
import type { ImportRef } from './ImportUsersPanel';

/** The summary of inviting an import's new people: how many were invited, and how many were left out and why. */
export function ImportInvitedSection({ importRef }: { importRef: ImportRef }) {
  const { i18n } = useLingui();
  const invited = useSelector(importRef, selectInvited);
  if (invited === null) return null;
  return (
    <Stack gap="3" align="start" data-testid="import-invited">
      <Text role="status">{i18n._(labels.Import_Text_InvitedDone)}</Text>
      <Text data-testid="import-invited-counts">
        {i18n._(
          withValues(labels.Import_Text_Invited, {
            invited: String(invited.invited),
            alreadyInvited: String(invited.alreadyInvited),
            alreadyMembers: String(invited.alreadyMembers),
          }),
        )}
      </Text>
      <ImportEventButton importRef={importRef} event={{ type: 'import.again' }}>
        {i18n._(labels.Import_Button_Again)}
      </ImportEventButton>
    </Stack>
  );
}
