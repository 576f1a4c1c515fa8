import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { ANY_STATE, collectEdges, idOf, type Edge } from '@machines/support/statechart';

/**
 * A machine as a Mermaid state diagram (`stateDiagram-v2`), read from the machine's own state nodes, so a flow page
 * cannot drift from its machine: nested and parallel states, initial and final states, every transition with its
 * event and guard, delays (`after 900000`), eventless transitions (`always`), and the actors each state invokes,
 * all named as in the code.
 */
export function renderMachine(machine: AnyStateMachine): string {
  const lines = ['stateDiagram-v2'];
  const edgesByBlock = collectEdges(machine.root);
  // The machine's own `on` (handled whatever the state) and its own actors (alive in every state) sit on a pseudo-state.
  const rootInvokes = machine.root.invoke.map((invoked) => `  ${ANY_STATE}: invokes ${invoked.src as string}`);
  if (rootInvokes.length > 0 || (edgesByBlock.get(machine.root) ?? []).some((edge) => edge.from === machine.root)) {
    lines.push(`  state "(any state)" as ${ANY_STATE}`, ...rootInvokes);
  }
  writeChildren(machine.root, 1, lines, edgesByBlock);
  return lines.join('\n');
}

function initialTargets(node: AnyStateNode): readonly AnyStateNode[] {
  return node.type === 'compound' ? node.initial.target : [];
}

function writeChildren(node: AnyStateNode, depth: number, lines: string[], edges: Map<AnyStateNode, Edge[]>): void {
  const pad = '  '.repeat(depth);
  const children = Object.values(node.states);
  if (node.type === 'parallel') {
    children.forEach((region, index) => {
      if (index > 0) lines.push(`${pad}--`);
      writeState(region, depth, lines, edges);
    });
  } else {
    for (const target of initialTargets(node)) lines.push(`${pad}[*] --> ${idOf(target)}`);
    for (const child of children) writeState(child, depth, lines, edges);
  }
  for (const edge of edges.get(node) ?? []) {
    lines.push(`${pad}${idOf(edge.from)} --> ${edge.to === null ? '[*]' : idOf(edge.to)}: ${edge.label}`);
  }
}

function writeState(node: AnyStateNode, depth: number, lines: string[], edges: Map<AnyStateNode, Edge[]>): void {
  const pad = '  '.repeat(depth);
  const id = idOf(node);
  lines.push(id === node.key ? `${pad}${id}` : `${pad}state "${node.key}" as ${id}`);
  // StateNode.invoke names every source: a string key, or `xstate.invoke.<id>` for inline logic.
  for (const invoked of node.invoke) lines.push(`${pad}${id}: invokes ${invoked.src as string}`);
  if (node.type === 'final') lines.push(`${pad}${id} --> [*]`);
  if (Object.keys(node.states).length > 0) {
    lines.push(`${pad}state ${id} {`);
    writeChildren(node, depth + 1, lines, edges);
    lines.push(`${pad}}`);
  }
}
