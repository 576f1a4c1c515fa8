import { Dialog } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { DialogFrame, type ContentSize, type FormProps, type FrameProps } from '../DialogFrame';
import { DialogFooter, type DialogFooterProps } from './DialogFooter';

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
  inline = false,
  testId,
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
  /** Rendered in its host's layer rather than a portal of its own (DialogFrame `inline`). */
  inline?: boolean;
  /** `data-testid` of the dialog box. */
  testId?: string;
} & Omit<DialogFooterProps, 'onSave' | 'submits'> & { onSave: () => void }) {
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
      inline={inline}
      {...(testId === undefined ? {} : { testId })}
    >
      <Dialog.Body>{children}</Dialog.Body>
      <DialogFooter {...actions} submits={submits} {...(submits ? {} : { onSave })} />
    </DialogFrame>
  );
}
