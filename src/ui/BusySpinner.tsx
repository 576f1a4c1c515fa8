import { Spinner, type SpinnerProps } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { labels } from '../i18n/labels';

/**
 * A spinner shown on its own, without a "Loading…" line beside it (LoadingStatus has one): a status that screen
 * readers announce by name ("Loading…", or what is being done), never an unnamed image.
 */
export function BusySpinner({ label, ...props }: SpinnerProps & { label?: string }) {
  const { i18n } = useLingui();
  return <Spinner role="status" aria-label={label ?? i18n._(labels.Global_Text_Loading)} {...props} />;
}
