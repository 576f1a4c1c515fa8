import { Dialog } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { UserRow } from '@contracts/users';
import type { createUserDialogMachine } from '@machines/user-dialog/user-dialog.machine';
import { labels } from '../../i18n/labels';
import { withValues } from '../../i18n/with-values';
import { DialogFrame } from '../../ui/DialogFrame';
import { ErrorSummary } from '../../ui/form/ErrorSummary';
import { ProfileForm } from '../../profile/form/ProfileForm';
import type { ProfileFormRef } from '../../profile/form/profile-form-ref';

export type UserDialogRef = ActorRefFrom<ReturnType<typeof createUserDialogMachine>>;

/** The instance dialog's size (public-and-profile §9: 96 % high, 80 % wide). */
export const USER_DIALOG_SIZE = { width: '80vw', maxWidth: '80vw', height: '96vh' } as const;

/**
 * The user dialog (public-and-profile §2, §9): the profile form of the row's person in the 96 % × 80 % frame, with the
 * form's own modal footer (Cancel, Save). Closing the frame another way is the form's Cancel.
 */
export function UserDialog({ dialogRef, row }: { dialogRef: UserDialogRef; row: UserRow | undefined }) {
  const { i18n } = useLingui();
  const formRef = useSelector(dialogRef, (s) => s.children.profileForm) as ProfileFormRef | undefined;
  if (formRef === undefined) return null;
  const name = row === undefined ? '' : `${row.firstName} ${row.lastName}`.trim() || row.email;
  return (
    <DialogFrame
      title={i18n._(withValues(labels.Instance_Text_EditTitle, { userName: name }))}
      onClose={() => {
        formRef.send({ type: 'cancel' });
      }}
      frame={{ scrollBehavior: 'inside', closeOnInteractOutside: false }}
      content={USER_DIALOG_SIZE}
    >
      <Dialog.Body>
        <ProfileForm
          formRef={formRef}
          loadFailure={<ErrorSummary message={i18n._(labels.Instance_Text_UserNotFound)} />}
        />
      </Dialog.Body>
    </DialogFrame>
  );
}
