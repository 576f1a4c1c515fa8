import { Button, Dialog } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { labels } from '../i18n/labels';
import { DialogFrame } from './DialogFrame';

/**
 * A yes/no question about one named thing ("Delete Acme Health?"), 311 × 536 px as the spec's delete confirmation
 * (admin-and-board §9). The caller's machine owns whether it is open and what Yes does.
 */
export function ConfirmDialog({
  open,
  title,
  onYes,
  onNo,
}: {
  open: boolean;
  /** The question, with the item's name in it. */
  title: string;
  onYes: () => void;
  onNo: () => void;
}) {
  const { i18n } = useLingui();
  return (
    <DialogFrame
      open={open}
      title={title}
      onClose={onNo}
      frame={{ role: 'alertdialog' }}
      content={{ height: '311px', width: '536px', maxWidth: '100%' }}
    >
      <Dialog.Footer mt="auto">
        <Button variant="outline" onClick={onNo}>
          {i18n._(labels.Global_Button_No)}
        </Button>
        <Button colorPalette="red" onClick={onYes}>
          {i18n._(labels.Global_Button_Yes)}
        </Button>
      </Dialog.Footer>
    </DialogFrame>
  );
}
