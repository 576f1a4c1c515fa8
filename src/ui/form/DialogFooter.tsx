import { Button, Dialog } from '@chakra-ui/react';

export type DialogFooterProps = {
  cancelText: string;
  saveText: string;
  /** A save is under way: Save says so (aria-busy) and, unless `cancelDisabled` says otherwise, Cancel waits. */
  saving: boolean;
  /** False while the form is invalid (or saving): Save is disabled. */
  canSave: boolean;
  cancelDisabled?: boolean;
  onCancel: () => void;
  /** Left out when `submits`: the surrounding form's submit handler saves instead. */
  onSave?: () => void;
  /** Save is the form's submit button (Enter in an input saves too). */
  submits?: boolean;
  saveColorPalette?: string;
};

/** The one footer of an edit dialog: Cancel (outline) then Save. Flags only; the caller's machine decides them. */
export function DialogFooter({
  cancelText,
  saveText,
  saving,
  canSave,
  cancelDisabled = saving,
  onCancel,
  onSave,
  submits = false,
  saveColorPalette,
}: DialogFooterProps) {
  return (
    <Dialog.Footer>
      <Button variant="outline" onClick={onCancel} disabled={cancelDisabled}>
        {cancelText}
      </Button>
      <Button
        {...(submits ? { type: 'submit' as const } : { onClick: onSave })}
        {...(saveColorPalette === undefined ? {} : { colorPalette: saveColorPalette })}
        aria-busy={saving}
        disabled={!canSave}
      >
        {saveText}
      </Button>
    </Dialog.Footer>
  );
}
