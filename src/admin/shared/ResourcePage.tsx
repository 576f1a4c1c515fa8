import { Button, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The muted "reading …" line with its spinner, while a page or one of its parts reads. */
export function LoadingLine({ text }: { text: string }) {
  return (
    <HStack color="fg.muted">
      <Spinner size="sm" />
      <Text>{text}</Text>
    </HStack>
  );
}

/**
 * A page that lists what its machine read (API tokens, event hooks): the title and intro, what the machine shows on
 * top (a value shown once, a question, the new-item form), the New button while it may create, the loading line, the
 * failure with its retry, then the list once it is read and whatever follows it. The page's machine decides every
 * flag; this only lays them out, the same way for each such page.
 */
export function ResourcePage({
  title,
  intro,
  maxWidth,
  top,
  newLabel,
  onNew,
  loading,
  loadingText,
  failedText,
  retryLabel,
  onRetry,
  list,
  after,
}: {
  title: string;
  intro: string;
  maxWidth: string;
  top: ReactNode;
  newLabel: string;
  /** Left out while the machine offers no New. */
  onNew: (() => void) | undefined;
  loading: boolean;
  loadingText: string;
  /** Left out unless the read failed. */
  failedText: string | undefined;
  retryLabel: string;
  onRetry: () => void;
  list: ReactNode;
  after?: ReactNode;
}) {
  return (
    <Stack gap="6" maxWidth={maxWidth}>
      <Heading as="h1" size="2xl">
        {title}
      </Heading>
      <Text color="fg.muted">{intro}</Text>
      {top}
      {onNew === undefined ? null : (
        <HStack>
          <Button onClick={onNew}>{newLabel}</Button>
        </HStack>
      )}
      {loading ? <LoadingLine text={loadingText} /> : null}
      {failedText === undefined ? null : (
        <HStack>
          <Text color="fg.error">{failedText}</Text>
          <Button size="sm" onClick={onRetry}>
            {retryLabel}
          </Button>
        </HStack>
      )}
      {loading || failedText !== undefined ? null : list}
      {after}
    </Stack>
  );
}
