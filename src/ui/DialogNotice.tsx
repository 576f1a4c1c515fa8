import { Alert } from '@chakra-ui/react';

/**
 * A one-line notice at the top of a dialog's body (a stale update, "save first"). `role="alert"` for what has just
 * gone wrong, so a screen reader announces it; left out for a standing hint.
 */
export function DialogNotice({
  status,
  text,
  ...attributes
}: {
  status: 'warning' | 'error';
  text: string;
  role?: 'alert';
  'data-testid'?: string;
}) {
  return (
    <Alert.Root status={status} {...attributes}>
      <Alert.Indicator />
      <Alert.Title>{text}</Alert.Title>
    </Alert.Root>
  );
}
