import type { AnyStateMachine } from 'xstate';
import { flowMachines } from './machine-list.generated';

/**
 * The machines the inspector lists, by the machine id that the live messages name, sorted. The list is generated from
 * the flow pages (scripts/flow-docs/machine-list.ts), which name every machine of the product.
 */
export interface CatalogueEntry {
  id: string;
  file: string;
  machine: AnyStateMachine;
}

export function machineCatalogue(
  found: readonly { file: string; machine: AnyStateMachine }[] = flowMachines,
): CatalogueEntry[] {
  const byId = new Map<string, CatalogueEntry>();
  for (const { file, machine } of found)
    if (!byId.has(machine.id)) byId.set(machine.id, { id: machine.id, file, machine });
  return [...byId.values()].sort((a, b) => a.id.localeCompare(b.id));
}
