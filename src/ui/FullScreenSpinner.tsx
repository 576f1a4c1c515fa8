import { AbsoluteCenter, Box, Spinner, VisuallyHidden } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { labels } from '../i18n/labels';

/** Covers the page while the first texts load, so nobody reads a page that is about to change language. */
export function FullScreenSpinner() {
  const { i18n } = useLingui();
  return (
    <Box position="fixed" inset="0" bg="bg/80" zIndex="overlay" role="status" aria-live="polite">
      <AbsoluteCenter>
        <Spinner size="xl" color="brand" />
        <VisuallyHidden>{i18n._(labels.Global_Text_Loading)}</VisuallyHidden>
      </AbsoluteCenter>
    </Box>
  );
}
