import { Box, Text } from '@chakra-ui/react';
import { HtmlLabel } from './HtmlLabel';

/** One published text behind a disclosure, sanitised again on the way to the page (HtmlLabel). */
export function TermsDocument({ title, html, open = false }: { title: string; html: string; open?: boolean }) {
  return (
    <Box as="details" borderWidth="1px" borderRadius="md" px="3" py="2" {...(open ? { open: true } : {})}>
      <Text as="summary" fontWeight="medium" cursor="pointer">
        {title}
      </Text>
      <HtmlLabel html={html} mt="2" maxHeight="20rem" overflowY="auto" />
    </Box>
  );
}
