import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isMachine, machineTransitions } from '@machines/support/statechart';
import { describeMachine, machineFromDescription } from '@machines/support/statechart-description';
import { readFileSync } from 'node:fs';
import { blocksOf, flowPages, loadMachine, readPage, regeneratePage } from '../../scripts/flow-docs/flow-blocks';
import { machineDefinitionsFile, machineDefinitionsText } from '../../scripts/flow-docs/machine-definitions';
import { renderMachine } from '../../scripts/flow-docs/render-machine';

const root = path.resolve(import.meta.dirname, '../..');
const pages = flowPages(root);

/** Every module under machines/ (they hold no view code, so importing them all is cheap and side-effect free). */
function machineModules(dir = path.join(root, 'machines')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return machineModules(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

describe('the flow pages (docs/flows) are generated from the machines', () => {
  it.each(pages)('%s shows its machines as they are (npm run docs:flows)', async (page) => {
    const text = readPage(root, page);
    expect(await regeneratePage(root, text)).toBe(text);
  });

  it('gives the flow inspector the machines the pages name, described (npm run docs:flows)', async () => {
    expect(readFileSync(path.join(root, machineDefinitionsFile), 'utf8')).toBe(await machineDefinitionsText(root));
  });

  it('describes every machine so that the inspector draws it as the flow page does', async () => {
    const blocks = pages.flatMap((page) => blocksOf(page, readPage(root, page)));
    expect(blocks.length).toBeGreaterThan(0);
    for (const block of blocks) {
      const machine = await loadMachine(root, block.file, block.exportName);
      const drawn = machineFromDescription(describeMachine(machine));
      expect({ block, id: drawn.id, diagram: renderMachine(drawn) }).toEqual({
        block,
        id: machine.id,
        diagram: renderMachine(machine),
      });
      // The transitions as the path coverage and the drawing enumerate them, targets included.
      const keys = (each: typeof machine) => machineTransitions(each).map((transition) => transition.key);
      expect(keys(drawn)).toEqual(keys(machine));
    }
  });

  it('shows every machine of the product on some page', async () => {
    const shown = new Set<string>();
    for (const page of pages) {
      for (const block of blocksOf(page, readPage(root, page))) {
        shown.add(renderMachine(await loadMachine(root, block.file, block.exportName)));
      }
    }
    const missing: string[] = [];
    for (const file of machineModules()) {
      const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
      for (const [name, value] of Object.entries(module)) {
        // Instances of one factory (the admin grids) draw one diagram: one page showing it covers them all.
        if (isMachine(value) && !shown.has(renderMachine(value))) missing.push(`${path.relative(root, file)}#${name}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
