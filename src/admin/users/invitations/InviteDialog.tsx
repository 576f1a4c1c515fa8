import { Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { inviteDialogMachine } from '@machines/invitations/invite-dialog.machine';
import {
  selectCanSave,
  selectClients,
  selectDraft,
  selectEmailInvalid,
  selectIsEditable,
  selectIsLoading,
  selectIsSaving,
  selectMayChooseClient,
  selectProblem,
} from '@machines/invitations/invite-dialog.selectors';
import { cultureNamed, cultureOptions } from '@src/i18n/culture-options';
import { labels } from '@src/i18n/admin-labels';
import { DialogNotice } from '@src/ui/DialogNotice';
import { FormDialog } from '@src/ui/form/FormDialog';
import { LabelledField } from '@src/ui/form/LabelledField';
import { LoadingStatus } from '@src/ui/LoadingStatus';
import { useText } from '@src/ui/use-text';

export type InviteDialogRef = ActorRefFrom<typeof inviteDialogMachine>;

/** The invite dialog: the client (a choice for the provider administrator), the e-mail, Send invitation. */
export function InviteDialog({ dialogRef }: { dialogRef: InviteDialogRef }) {
  const { i18n } = useLingui();
  const text = useText();
  const draft = useSelector(dialogRef, selectDraft);
  const clients = useSelector(dialogRef, selectClients);
  const mayChoose = useSelector(dialogRef, selectMayChooseClient);
  const emailInvalid = useSelector(dialogRef, selectEmailInvalid);
  const problem = useSelector(dialogRef, selectProblem);
  const loading = useSelector(dialogRef, selectIsLoading);
  const editable = useSelector(dialogRef, selectIsEditable);
  const saving = useSelector(dialogRef, selectIsSaving);
  const canSave = useSelector(dialogRef, selectCanSave);
  return (
    <FormDialog
      title={i18n._(labels.Invitation_Text_DialogTitle)}
      cancelText={i18n._(labels.Invitation_Button_Cancel)}
      saveText={i18n._(labels.Invitation_Button_Send)}
      saving={saving}
      canSave={canSave}
      testId="invite-dialog"
      onCancel={() => dialogRef.send({ type: 'cancel' })}
      onSave={() => dialogRef.send({ type: 'save' })}
    >
      <Stack gap="4">
        {loading ? <LoadingStatus /> : null}
        {problem === undefined ? null : <DialogNotice status="error" role="alert" text={text(problem)} />}
        <LabelledField
          kind="select"
          label={i18n._(labels.Invitation_Field_Client)}
          value={draft.clientId}
          required
          disabled={!editable || !mayChoose}
          options={clients.map((client) => ({ value: client.id, label: client.name }))}
          onChange={(clientId) => dialogRef.send({ type: 'edit', changes: { clientId } })}
        />
        <LabelledField
          label={i18n._(labels.Invitation_Field_Email)}
          type="email"
          value={draft.email}
          required
          disabled={!editable}
          message={emailInvalid ? i18n._(labels.Invitation_Text_EmailInvalid) : undefined}
          onChange={(email) => dialogRef.send({ type: 'edit', changes: { email } })}
        />
        <LabelledField
          kind="select"
          label={i18n._(labels.Invitation_Field_Culture)}
          value={draft.culture}
          disabled={!editable}
          empty={{ label: i18n._(labels.Invitation_Text_ClientCulture) }}
          options={cultureOptions(i18n)}
          onChange={(value) => dialogRef.send({ type: 'edit', changes: { culture: cultureNamed(value) ?? '' } })}
        />
      </Stack>
    </FormDialog>
  );
}
