import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

/**
 * Gatehouse's Chakra system: the default theme with the brand colour as tokens. Per-client themes (resource/theme)
 * arrive with the pages that use them.
 */
const config = defineConfig({
  theme: {
    tokens: {
      colors: {
        brand: { value: '#1f4e79' },
      },
    },
  },
});

export const system = createSystem(defaultConfig, config);
