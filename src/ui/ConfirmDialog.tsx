import { Button, Dialog } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { labels } from '../i18n/labels';
import { DialogFrame } from './DialogFrame';

/**
 * A question about one named thing ("Delete the application Claims Portal?"), answered by verbs: the action itself
 * ("Delete application") and "Keep it", never a bare Yes and No (issue 29 §5, over the spec's Yes/No of admin-and-board
 * §9). Compact: as high as its question, at most the spec's 536 px wide. The caller's machine owns whether it is open
 * and what the action does.
 */
export function ConfirmDialog({
  open,
  title,
  confirmLabel,
  onYes,
  onNo,
}: {
  open: boolean;
  /** The question, with the item's name in it. */
  title: string;
  /** What the action button says: the verb and what it acts on. */
  confirmLabel: string;
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
      content={{ width: '536px', maxWidth: { base: 'full', sm: '536px' }, height: 'auto' }}
    >
      <Dialog.Footer>
        <Button variant="outline" onClick={onNo}>
          {i18n._(labels.Global_Button_KeepIt)}
        </Button>
        <Button colorPalette="red" onClick={onYes}>
          {confirmLabel}
        </Button>
      </Dialog.Footer>
    </DialogFrame>
  );
}
