import { Button, HStack, Spinner, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * A new-item form inside a page (not a dialog): its fields, then Create (offered when the machine says it may submit,
 * a spinner beside the word while saving) and Cancel.
 */
export function InlineForm({
  label,
  maxWidth,
  onSubmit,
  submitLabel,
  cancelLabel,
  maySubmit,
  saving,
  onCancel,
  children,
}: {
  label: string;
  maxWidth: string;
  onSubmit: () => void;
  submitLabel: string;
  cancelLabel: string;
  maySubmit: boolean;
  saving: boolean;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <Stack
      as="form"
      gap="4"
      maxWidth={maxWidth}
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
      <HStack>
        <Button type="submit" disabled={!maySubmit} aria-busy={saving}>
          {saving ? <Spinner size="xs" /> : null}
          {submitLabel}
        </Button>
        <Button variant="outline" disabled={saving} onClick={onCancel}>
          {cancelLabel}
        </Button>
      </HStack>
    </Stack>
  );
}
