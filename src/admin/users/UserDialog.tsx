import { Dialog } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { createUserDialogMachine } from '@machines/user-dialog/user-dialog.machine';
import { sameClientChoice, selectClientChoice, selectRow } from '@machines/user-dialog/user-dialog.selectors';
import type { ClientChoiceView } from '@machines/user-dialog/user-dialog.selectors';
import { labels } from '@src/i18n/admin-labels';
import { withValues } from '../../i18n/with-values';
import { DialogFrame } from '../../ui/DialogFrame';
import { DialogFooter } from '../../ui/form/DialogFooter';
import { ErrorSummary } from '../../ui/form/ErrorSummary';
import { LabelledField } from '../../ui/form/LabelledField';
import { ProfileForm } from '../../profile/form/ProfileForm';
import type { ProfileFormRef } from '../../profile/form/profile-form-ref';
import { BusySpinner } from '../../ui/BusySpinner';
import { CloseAccountControl } from './CloseAccountControl';
import { SignInResetsControl } from './SignInResetsControl';

export type UserDialogRef = ActorRefFrom<ReturnType<typeof createUserDialogMachine>>;

/**
 * The instance dialog's size (public-and-profile §9: 96 % high, 80 % wide). The maximum height is set too: Chakra's
 * scroll-inside dialog otherwise caps it 7.5rem short of the window (680 px instead of 768 at 800 px high).
 */
export const USER_DIALOG_SIZE = { width: '80vw', maxWidth: '80vw', height: '96vh', maxHeight: '96vh' } as const;

/**
 * The user dialog (public-and-profile §2, §9): the profile form of the row's person, or of a new person (the grid's
 * Add), in the 96 % × 80 % frame, with the form's own modal footer (Cancel, Save). Closing the frame another way is
 * the form's Cancel. The provider administrator's Add first asks which client the new person belongs to.
 */
export function UserDialog({ dialogRef }: { dialogRef: UserDialogRef }) {
  const { i18n } = useLingui();
  const row = useSelector(dialogRef, selectRow);
  const choice = useSelector(dialogRef, selectClientChoice, sameClientChoice);
  const formRef = useSelector(dialogRef, (s) => s.children.profileForm) as ProfileFormRef | undefined;
  const closeRef = useSelector(dialogRef, (s) => s.children.closeAccount);
  const resetsRef = useSelector(dialogRef, (s) => s.children.signInResets);
  const name = row === undefined ? '' : `${row.firstName} ${row.lastName}`.trim() || row.email;
  const title = i18n._(
    row === undefined ? labels.Instance_Text_AddTitle : withValues(labels.Instance_Text_EditTitle, { userName: name }),
  );
  if (choice !== undefined) return <ClientChoiceDialog dialogRef={dialogRef} title={title} choice={choice} />;
  if (formRef === undefined) return null;
  return (
    <DialogFrame
      title={title}
      onClose={() => {
        formRef.send({ type: 'cancel' });
      }}
      // Centred: 96 % high leaves no room for the default top margin.
      frame={{ scrollBehavior: 'inside', closeOnInteractOutside: false, placement: 'center' }}
      content={USER_DIALOG_SIZE}
    >
      <Dialog.Body>
        <ProfileForm
          formRef={formRef}
          loadFailure={<ErrorSummary message={i18n._(labels.Instance_Text_UserNotFound)} />}
        />
        <SignInResetsControl resetsRef={resetsRef} name={name} />
        <CloseAccountControl closeRef={closeRef} name={name} />
      </Dialog.Body>
    </DialogFrame>
  );
}

/** The provider administrator's first step of an Add: the new person's client, then Continue (or Cancel). */
function ClientChoiceDialog({
  dialogRef,
  title,
  choice,
}: {
  dialogRef: UserDialogRef;
  title: string;
  choice: ClientChoiceView;
}) {
  const { i18n, t } = useLingui();
  const label = i18n._(labels.Instance_Field_NewUserClient);
  const cancel = () => {
    dialogRef.send({ type: 'cancel' });
  };
  return (
    <DialogFrame title={title} onClose={cancel} frame={{ closeOnInteractOutside: false }}>
      <Dialog.Body>
        {choice.loading ? (
          <BusySpinner size="sm" color="brand" label={label} />
        ) : (
          <LabelledField
            kind="select"
            label={label}
            required
            value={choice.chosen ?? ''}
            onChange={(clientId) => {
              dialogRef.send({ type: 'client.select', clientId });
            }}
            options={choice.clients.map((client) => ({ value: client.id, label: client.name }))}
            empty={{ label: '—', disabled: true }}
          />
        )}
      </Dialog.Body>
      <DialogFooter
        // The profile form's own Cancel and Continue (ProfileFooter): the choice is the form's first step.
        cancelText={t({ id: 'Instance_Button_Cancel', message: 'Cancel' })}
        saveText={t({ id: 'Instance_Button_Continue', message: 'Continue' })}
        saving={false}
        canSave={choice.canConfirm}
        onCancel={cancel}
        onSave={() => {
          dialogRef.send({ type: 'client.confirm' });
        }}
      />
    </DialogFrame>
  );
}
