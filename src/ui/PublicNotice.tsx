import { Box, Heading, Link, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'wouter';

/**
 * A public page that only tells something and offers the way on: a title, a sentence, a link. Page not found and
 * `/SignUp` without a client share it, so both read like the login page (a calm card in the public layout).
 */
export function PublicNotice({
  title,
  message,
  linkText,
  linkHref,
}: {
  title: ReactNode;
  message: ReactNode;
  linkText: ReactNode;
  linkHref: string;
}) {
  return (
    <Box bg="bg" borderWidth="1px" borderRadius="md" px={{ base: '5', md: '8' }} py={{ base: '6', md: '8' }}>
      <Stack gap="3" align="center" textAlign="center">
        <Heading as="h1" size="xl">
          {title}
        </Heading>
        <Text color="fg.muted">{message}</Text>
        <Link asChild color="brand" fontWeight="medium" mt="2">
          <RouterLink href={linkHref}>{linkText}</RouterLink>
        </Link>
      </Stack>
    </Box>
  );
}
