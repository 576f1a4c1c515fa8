import path from 'node:path';

/**
 * The house's layers by name, so no import climbs out of its own folder with `../../..`
 * (contracts ← machines ← src; contracts ← server). The same map is in tsconfig.json `paths`
 * (TypeScript and tsx read it there); Vite and Vitest read it here. ESLint keeps the arrows
 * pointing the right way (eslint.config.js, "layers").
 */
export const layerAliases = ['contracts', 'machines', 'server', 'src', 'tests'].map((layer) => ({
  find: new RegExp(`^@${layer}/`),
  replacement: `${path.resolve(import.meta.dirname, layer)}/`,
}));
