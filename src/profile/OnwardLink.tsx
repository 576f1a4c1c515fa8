import { Link } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'wouter';

/** The way on from a public page (to the login page or a client's redirect), in the pages' one link style. */
export function OnwardLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link asChild color="brand" fontWeight="semibold">
      <RouterLink href={href}>{children}</RouterLink>
    </Link>
  );
}
