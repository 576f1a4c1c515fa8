import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { FieldClassesProvider } from './form/field-classes';
import { system } from './system';

/** The look of the app: Chakra with our theme, and the theme's field classes that every labelled field reuses. */
export function UiProvider({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <FieldClassesProvider>{children}</FieldClassesProvider>
    </ChakraProvider>
  );
}
