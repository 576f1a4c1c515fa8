import { Button, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';

/** A public page whose data could not be loaded: the message, Retry, and anything the page adds under them. */
export function LoadFailedNotice({
  message,
  onRetry,
  children,
}: {
  message: string;
  onRetry: () => void;
  children?: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <Stack gap="3" role="alert">
      <Text>{message}</Text>
      <Button alignSelf="start" onClick={onRetry}>
        {t({ id: 'Global_Button_Retry', message: 'Retry' })}
      </Button>
      {children}
    </Stack>
  );
}
