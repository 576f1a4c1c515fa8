import { Stack, Tabs } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { clientDialogMachine } from '@machines/client-dialog/client-dialog.machine';
import {
  selectCanSave,
  selectClientName,
  selectIsOpen,
  selectIsSaving,
  selectIsStale,
  selectIsUnsaved,
  selectTemplateDialogRef,
} from '@machines/client-dialog/client-dialog.selectors';
import { labels } from '@src/i18n/admin-labels';
import { DialogNotice } from '../../ui/DialogNotice';
import { ErrorSummary } from '../../ui/form/ErrorSummary';
import { FormDialog } from '../../ui/form/FormDialog';
import { withValues } from '../../i18n/with-values';
import { ConflictChoice } from '@src/ui/form/ConflictChoice';
import { ApplicationsTab } from './ApplicationsTab';
import { ClientApplicationDialog } from './ClientApplicationDialog';
import { ClientTab } from './ClientTab';

type DialogRef = ActorRefFrom<typeof clientDialogMachine>;

/**
 * The client dialog, 640 px wide with two tabs (admin-and-board §2). What it shows and when it closes is the
 * machine's: it stays open after a new client's first save and closes once an existing client is updated (the
 * activation then finishes behind it). A stale update offers their version or mine (ConflictChoice).
 */
export function ClientDialog({ dialogRef }: { dialogRef: DialogRef }) {
  const { i18n } = useLingui();
  const open = useSelector(dialogRef, selectIsOpen);
  const unsaved = useSelector(dialogRef, selectIsUnsaved);
  const clientName = useSelector(dialogRef, selectClientName);
  const canSave = useSelector(dialogRef, selectCanSave);
  const saving = useSelector(dialogRef, selectIsSaving);
  const stale = useSelector(dialogRef, selectIsStale);
  const templateDialogRef = useSelector(dialogRef, selectTemplateDialogRef);
  const cancel = () => {
    dialogRef.send({ type: 'cancel' });
  };

  return (
    <>
      <FormDialog
        open={open}
        frame={{ scrollBehavior: 'inside' }}
        content={{ width: '640px', maxWidth: '100%' }}
        title={
          unsaved
            ? i18n._(labels.Client_Text_NewTitle)
            : i18n._(withValues(labels.Client_Text_EditTitle, { clientName }))
        }
        cancelText={i18n._(labels.Client_Button_Cancel)}
        saveText={i18n._(labels.Client_Button_Save)}
        saving={saving}
        canSave={canSave}
        onCancel={cancel}
        onSave={() => {
          dialogRef.send({ type: 'save' });
        }}
      >
        <Stack gap="4">
          {unsaved ? (
            <DialogNotice
              status="warning"
              data-testid="save-first-warning"
              text={i18n._(labels.Client_Text_SaveFirstWarning)}
            />
          ) : null}
          <ErrorSummary message={stale ? i18n._(labels.Client_Text_StaleUpdate) : undefined} />
          {stale ? (
            <ConflictChoice
              onReload={() => dialogRef.send({ type: 'reload' })}
              onKeepMine={() => dialogRef.send({ type: 'keepMine' })}
            />
          ) : null}
          <Tabs.Root defaultValue="client" lazyMount={false}>
            <Tabs.List>
              <Tabs.Trigger value="client">{i18n._(labels.Client_Text_ClientTab)}</Tabs.Trigger>
              <Tabs.Trigger value="applications" disabled={unsaved}>
                {i18n._(labels.Client_Text_ApplicationsTab)}
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="client">
              <ClientTab dialogRef={dialogRef} />
            </Tabs.Content>
            <Tabs.Content value="applications">
              <ApplicationsTab dialogRef={dialogRef} />
            </Tabs.Content>
          </Tabs.Root>
        </Stack>
      </FormDialog>
      {templateDialogRef ? <ClientApplicationDialog dialogRef={templateDialogRef} /> : null}
    </>
  );
}
