import { Dialog, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { useSelector } from '@xstate/react';
import { selectInviteFailure, selectInviteStep, selectNewPeople } from '@machines/user-import/user-import.selectors';
import { labels } from '@src/i18n/admin-labels';
import { DialogFrame } from '@src/ui/DialogFrame';
import { DialogFooter } from '@src/ui/form/DialogFooter';
import { useText } from '@src/ui/use-text';
import type { ImportRef } from './ImportUsersPanel';

// A message with values is made apart from `i18n._`, as the extractor reads descriptors written inside the call.
const inviteTitle = (count: number) => ({ ...labels.Import_Text_InviteTitle, values: { count } });

/**
 * "Invite the N new people?": what inviting does, then Send (busy while the server invites them), and after a failure
 * its reason and Try again. Open while the import flow is inviting; Cancel goes back to the preview.
 */
export function ImportInviteDialog({ importRef }: { importRef: ImportRef }) {
  const { i18n } = useLingui();
  const text = useText();
  const step = useSelector(importRef, selectInviteStep);
  const count = useSelector(importRef, selectNewPeople);
  const failure = useSelector(importRef, selectInviteFailure);
  if (step === null) return null;
  const sending = step === 'sending';
  return (
    <DialogFrame
      title={i18n._(inviteTitle(count))}
      onClose={() => {
        importRef.send({ type: 'invite.cancel' });
      }}
      frame={{ role: 'alertdialog' }}
      content={{ width: '536px', maxWidth: '100%' }}
    >
      <Dialog.Body>
        <Text>{i18n._(labels.Import_Text_InviteExplain)}</Text>
        {step === 'failed' ? (
          <Text role="alert" color="fg.error" mt="3">
            {i18n._(labels.Import_Text_InviteFailed)} {failure === null ? null : text(failure)}
          </Text>
        ) : null}
      </Dialog.Body>
      <DialogFooter
        cancelText={i18n._(labels.Import_Button_InviteCancel)}
        saveText={i18n._(step === 'failed' ? labels.Import_Button_InviteRetry : labels.Import_Button_InviteConfirm)}
        saving={sending}
        canSave={!sending}
        onCancel={() => {
          importRef.send({ type: 'invite.cancel' });
        }}
        onSave={() => {
          importRef.send({ type: step === 'failed' ? 'invite.retry' : 'invite.confirm' });
        }}
      />
    </DialogFrame>
  );
}
