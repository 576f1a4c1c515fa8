import { Alert, Button, HStack, Text } from '@chakra-ui/react';

/** A secret the server gives this once (a new token's value, a new hook's signing secret), with Done to put it away. */
export function ShownOnce({
  title,
  once,
  value,
  testId,
  doneLabel,
  onDone,
}: {
  title: string;
  once: string;
  value: string;
  testId: string;
  doneLabel: string;
  onDone: () => void;
}) {
  return (
    <Alert.Root status="success" role="region" aria-label={title}>
      <Alert.Content gap="2">
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>{once}</Alert.Description>
        <Text data-testid={testId} fontFamily="mono" wordBreak="break-all">
          {value}
        </Text>
        <HStack>
          <Button size="sm" onClick={onDone}>
            {doneLabel}
          </Button>
        </HStack>
      </Alert.Content>
    </Alert.Root>
  );
}

/** A destructive step asks first, naming what it ends (revoke a token, delete a hook); busy while it runs. */
export function AskFirst({
  question,
  confirmLabel,
  cancelLabel,
  busy,
  onConfirm,
  onCancel,
}: {
  question: string;
  confirmLabel: string;
  cancelLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Alert.Root status="warning" role="alertdialog" aria-label={confirmLabel}>
      <Alert.Content gap="2">
        <Alert.Description>{question}</Alert.Description>
        <HStack>
          <Button size="sm" colorPalette="red" disabled={busy} aria-busy={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
          <Button size="sm" variant="outline" disabled={busy} onClick={onCancel}>
            {cancelLabel}
          </Button>
        </HStack>
      </Alert.Content>
    </Alert.Root>
  );
}
