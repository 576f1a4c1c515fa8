import { Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode, SyntheticEvent } from 'react';

export type FrameProps = Pick<
  Dialog.RootProps,
  'size' | 'scrollBehavior' | 'role' | 'closeOnInteractOutside' | 'placement'
>;
// Chakra's own size props, so a dialog may give a size per breakpoint (full width on a phone).
export type ContentSize = Pick<Dialog.ContentProps, 'width' | 'maxWidth' | 'height' | 'minHeight' | 'maxHeight'>;
export type FormProps = { as: 'form'; onSubmit: (event: SyntheticEvent) => void };

/**
 * The spec's default dialog size (public-and-profile §9: "320 px by 850 px", read as the confirmation's "311 px by
 * 536 px" is, height by width): 850 px wide, at most the window's width, and at least 320 px high; a longer dialog
 * grows rather than cut its form (docs/spa.md "Dialog sizes"). A dialog whose size the spec gives (or a full-screen one) passes its own.
 */
export const DEFAULT_DIALOG_SIZE = { width: '850px', maxWidth: '100%', minHeight: '320px' } as const;

/** Whether the caller sized the dialog itself: a size of its box, or one of Chakra's (the template editor's `full`). */
const hasOwnSize = (content: ContentSize, frame: FrameProps) =>
  frame.size !== undefined ||
  content.width !== undefined ||
  content.maxWidth !== undefined ||
  content.height !== undefined;

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
  inline = false,
  testId,
  children,
}: {
  open?: boolean;
  title: ReactNode;
  onClose: () => void;
  /** Chakra size, scroll behaviour, role and outside-click handling of the dialog. */
  frame?: FrameProps;
  /** Width, max width and height of the dialog box, as the spec gives them (plus, for a form dialog, the form). */
  content?: ContentSize & Partial<FormProps>;
  /**
   * Rendered where it stands rather than in a portal of its own. Why: a dialog whose host is already a layer
   * portalled over the page (Edit Mode's, src/admin/dashboard/edit-mode/EditModeHost.tsx) stays inside that layer, so
   * the layer's attributes (`data-edit-mode-ignore`: clicks in it are never taken over) cover the dialog too.
   */
  inline?: boolean;
  /** `data-testid` of the dialog box, for the tests that find the dialog itself (the e2e tests of Edit Mode). */
  testId?: string;
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
      <Portal disabled={inline}>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content
            {...(hasOwnSize(content, frame) ? {} : DEFAULT_DIALOG_SIZE)}
            {...content}
            {...(testId === undefined ? {} : { 'data-testid': testId })}
          >
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
