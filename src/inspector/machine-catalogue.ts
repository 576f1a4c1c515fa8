import type { AnyStateMachine } from 'xstate';
import { machineFromDescription, type MachineDescription } from '@machines/support/statechart-description';
import { machineDefinitions } from './machine-definitions.generated';

/**
 * The machines the inspector lists, by the machine id that the live messages name, sorted. Each is made in the browser
 * from its description, which `npm run docs:flows` writes from the machines the flow pages name
 * (scripts/flow-docs/machine-definitions.ts): the inspector imports no machine, so it leaves the app's chunks as they
 * are. The machine made here is drawn, never run.
 */
export interface CatalogueEntry {
  id: string;
  file: string;
  machine: AnyStateMachine;
}

export function machineCatalogue(
  found: readonly { file: string; definition: MachineDescription }[] = machineDefinitions,
): CatalogueEntry[] {
  const byId = new Map<string, CatalogueEntry>();
  for (const { file, definition } of found)
    if (!byId.has(definition.id))
      byId.set(definition.id, { id: definition.id, file, machine: machineFromDescription(definition) });
  return [...byId.values()].sort((a, b) => a.id.localeCompare(b.id));
}
