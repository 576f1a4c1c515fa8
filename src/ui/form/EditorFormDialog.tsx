import { Stack } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { ActorRef, Snapshot } from 'xstate';
import {
  selectCanSave,
  selectIsLoading,
  selectIsSaving,
  selectIsStale,
  type EditorSnapshotLike,
} from '@machines/support/editor.selectors';
import type { ContentSize, FrameProps } from '../DialogFrame';
import { LoadingStatus } from '../LoadingStatus';
import { StaleUpdateNotice } from './ConflictChoice';
import { FormDialog } from './FormDialog';

/** The events of the one editor pattern (machines/support/editor.ts) this frame sends. */
type EditorFrameEvent = { type: 'save' } | { type: 'cancel' } | { type: 'reload' } | { type: 'keepMine' };

/** Any editor dialog's machine, as this frame reads and drives it. */
export type EditorDialogRef = ActorRef<Snapshot<unknown> & EditorSnapshotLike, EditorFrameEvent>;

/**
 * An editor dialog's frame (the one editor pattern): the form dialog whose Save and Cancel go to the editor machine,
 * Save on while it may save, the loading line while it reads, an optional intro, and on a 409 the stale-update
 * notice with reload their version / keep mine. The dialog gives its texts, its size and its inputs.
 */
export function EditorFormDialog({
  dialogRef,
  frame,
  content,
  title,
  cancelText,
  saveText,
  staleText,
  intro,
  children,
}: {
  dialogRef: EditorDialogRef;
  frame: FrameProps;
  content: ContentSize;
  title: string;
  cancelText: string;
  saveText: string;
  staleText: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  const canSave = useSelector(dialogRef, selectCanSave);
  const saving = useSelector(dialogRef, selectIsSaving);
  const stale = useSelector(dialogRef, selectIsStale);
  const loading = useSelector(dialogRef, selectIsLoading);
  return (
    <FormDialog
      frame={frame}
      content={content}
      title={title}
      cancelText={cancelText}
      saveText={saveText}
      saving={saving}
      canSave={canSave}
      onCancel={() => {
        dialogRef.send({ type: 'cancel' });
      }}
      onSave={() => {
        dialogRef.send({ type: 'save' });
      }}
    >
      <Stack gap="4">
        {loading ? <LoadingStatus /> : null}
        {intro}
        <StaleUpdateNotice
          status="warning"
          message={stale ? staleText : undefined}
          onReload={() => dialogRef.send({ type: 'reload' })}
          onKeepMine={() => dialogRef.send({ type: 'keepMine' })}
        />
        {children}
      </Stack>
    </FormDialog>
  );
}
