import { Button, Dialog, Portal } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { labels } from '../i18n/labels';
import { HtmlLabel } from './HtmlLabel';

/** The not-supported-browser dialog, 500 px wide (admin-and-board §2, §9). */
/** Mounted only while the notice is open (the root actor decides). */
export function BrowserNotice({ onClose }: { onClose: () => void }) {
  const { i18n } = useLingui();
  return (
    <Dialog.Root
      open
      // Closed by its button or Escape only: on the login page the sign-in widget focuses its username field as it
      // appears, which is an interaction outside the dialog and closed the notice before anyone could read it.
      closeOnInteractOutside={false}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content width="500px" maxWidth="100%" data-testid="browser-notice">
            <Dialog.Body pt="6">
              <HtmlLabel html={i18n._(labels.Global_Text_BrowserNotSupported)} />
            </Dialog.Body>
            <Dialog.Footer>
              <Button onClick={onClose}>{i18n._(labels.Global_Button_Close)}</Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
