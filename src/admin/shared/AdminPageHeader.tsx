import { Button, Flex, Heading } from '@chakra-ui/react';
import { Plus } from 'lucide-react';

/**
 * An admin page's title and its add button (admin-and-board §2 "Title and an Add … button"); a page that offers no
 * Add gives no label.
 */
export function AdminPageHeader({
  title,
  addLabel,
  onAdd,
  addDisabled = false,
}: {
  title: string;
  addLabel?: string;
  onAdd?: () => void;
  addDisabled?: boolean;
}) {
  return (
    <Flex justify="space-between" align="center" gap="4" wrap="wrap">
      <Heading as="h1" size="xl">
        {title}
      </Heading>
      {addLabel === undefined ? null : (
        <Button colorPalette="brand" disabled={addDisabled} onClick={onAdd}>
          <Plus aria-hidden="true" />
          {addLabel}
        </Button>
      )}
    </Flex>
  );
}
