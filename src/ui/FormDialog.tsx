import { Button, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode, SyntheticEvent } from 'react';

type ActionProps = {
  cancelText: string;
  saveText: string;
  /** A save is under way: Save says so (aria-busy) and, unless `cancelDisabled` says otherwise, Cancel waits. */
  saving: boolean;
  canSave: boolean;
  cancelDisabled?: boolean;
  onCancel: () => void;
  /** Left out when `submits`: the surrounding form's submit handler saves instead. */
  onSave?: () => void;
  /** Save is the form's submit button (Enter in an input saves too). */
  submits?: boolean;
  saveColorPalette?: string;
};

/** Footer of an edit dialog: Cancel (outline) then Save. Flags only; the caller's machine decides their values. */
export function DialogActions({
  cancelText,
  saveText,
  saving,
  canSave,
  cancelDisabled = saving,
  onCancel,
  onSave,
  submits = false,
  saveColorPalette,
}: ActionProps) {
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

type FrameProps = Pick<Dialog.RootProps, 'size' | 'scrollBehavior' | 'role' | 'closeOnInteractOutside'>;
type ContentSize = { width?: string; maxWidth?: string; height?: string };
type FormProps = { as: 'form'; onSubmit: (event: SyntheticEvent) => void };

/**
 * The modal frame the app's dialogs share: backdrop, box and title; `children` is the rest (body, footer). Closing it
 * any other way (Escape, outside click) calls `onClose`, which the caller treats as its Cancel / No.
 */
export function DialogFrame({
  open = true,
  title,
  onClose,
  frame = {},
  content = {},
  children,
}: {
  open?: boolean;
  title: ReactNode;
  onClose: () => void;
  /** Chakra size, scroll behaviour, role and outside-click handling of the dialog. */
  frame?: FrameProps;
  /** Width, max width and height of the dialog box, as the spec gives them (plus, for a form dialog, the form). */
  content?: ContentSize & Partial<FormProps>;
  children: ReactNode;
}) {
  return (
    <Dialog.Root
      open={open}
      {...frame}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content {...content}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            {children}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/**
 * The frame every admin edit dialog shares: modal, title, body, Cancel/Save footer. Closing it any other way
 * (Escape, outside click) is a Cancel. Views pass texts, flags and callbacks; what they mean stays in the machines.
 */
export function FormDialog({
  open = true,
  title,
  children,
  frame = {},
  content = {},
  submits = false,
  onSave,
  ...actions
}: {
  open?: boolean;
  title: ReactNode;
  children: ReactNode;
  /** Chakra size / scroll behaviour of the dialog. */
  frame?: FrameProps;
  /** Width, max width and height of the dialog box, as the spec gives them. */
  content?: ContentSize;
  /** The dialog box is a form and Save submits it. */
  submits?: boolean;
} & Omit<ActionProps, 'onSave' | 'submits'> & { onSave: () => void }) {
  const formProps: Partial<FormProps> = submits
    ? {
        as: 'form',
        onSubmit: (event) => {
          event.preventDefault();
          onSave();
        },
      }
    : {};
  return (
    <DialogFrame
      open={open}
      title={title}
      onClose={actions.onCancel}
      frame={frame}
      content={{ ...content, ...formProps }}
    >
      <Dialog.Body>{children}</Dialog.Body>
      <DialogActions {...actions} submits={submits} {...(submits ? {} : { onSave })} />
    </DialogFrame>
  );
}
