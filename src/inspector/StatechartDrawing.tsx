import { Box, Flex, List, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { useMemo } from 'react';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { collectEdges, idOf, type Edge } from '@machines/support/statechart';

/**
 * A machine's statechart drawn in the browser from the machine itself, as nested boxes (Harel's notation): each state
 * a box inside its parent, parallel regions dashed, the initial state marked, and under each state's name the actors
 * it invokes and its transitions (`event [guard] → target`), enumerated exactly as the flow pages' diagrams are
 * (machines/support/statechart.ts). The states the live run is in are lit and marked `data-active`.
 */
export function StatechartDrawing({ machine, active }: { machine: AnyStateMachine; active: ReadonlySet<string> }) {
  const edgesFrom = useMemo(() => {
    const bySource = new Map<AnyStateNode, Edge[]>();
    for (const edge of [...collectEdges(machine.root).values()].flat()) {
      bySource.set(edge.from, [...(bySource.get(edge.from) ?? []), edge]);
    }
    return bySource;
  }, [machine]);
  return (
    <Box data-testid="statechart" overflowX="auto">
      <StateBox node={machine.root} active={active} edgesFrom={edgesFrom} initial={false} />
    </Box>
  );
}

function StateBox({
  node,
  active,
  edgesFrom,
  initial,
}: {
  node: AnyStateNode;
  active: ReadonlySet<string>;
  edgesFrom: Map<AnyStateNode, Edge[]>;
  initial: boolean;
}) {
  const id = idOf(node);
  const lit = node.path.length > 0 && active.has(id);
  const children = Object.values(node.states);
  const initialKeys = new Set(node.type === 'compound' ? node.initial.target.map((target) => target.key) : []);
  return (
    <Box
      data-state={id}
      data-active={lit ? 'true' : undefined}
      borderWidth={lit ? '2px' : '1px'}
      borderStyle={node.parent?.type === 'parallel' ? 'dashed' : 'solid'}
      borderColor={lit ? 'brand' : 'border'}
      bg={lit ? 'brand/10' : 'bg'}
      borderRadius="md"
      p="2"
      minWidth="40"
    >
      <Text fontWeight="semibold" fontSize="sm">
        {[initial ? '●' : '', node.path.length === 0 ? node.machine.id : node.key, node.type === 'final' ? '◎' : '']
          .filter((part) => part !== '')
          .join(' ')}
      </Text>
      {node.invoke.length > 0 || (edgesFrom.get(node) ?? []).length > 0 ? (
        <List.Root fontSize="xs" color="fg.muted" ps="2" listStyle="none">
          {node.invoke.map((invoked) => {
            // The name the machine gives the actor (`src: 'signInWidget'`), else the invocation's id for inline logic.
            const actor = typeof invoked.src === 'string' ? invoked.src : invoked.id;
            return (
              <List.Item key={`invoke-${invoked.id}`}>
                <Trans id="Inspector_Text_Invokes">invokes {actor}</Trans>
              </List.Item>
            );
          })}
          {(edgesFrom.get(node) ?? []).map((edge, index) => (
            <List.Item key={index}>{[edge.label, '→', targetText(node, edge)].join(' ')}</List.Item>
          ))}
        </List.Root>
      ) : null}
      {children.length > 0 ? (
        <Flex wrap="wrap" gap="2" mt="2" align="flex-start">
          {children.map((child) => (
            <StateBox
              key={child.key}
              node={child}
              active={active}
              edgesFrom={edgesFrom}
              initial={initialKeys.has(child.key)}
            />
          ))}
        </Flex>
      ) : null}
    </Box>
  );
}

/** The target as a reader finds it in the drawing: its path, or ↺ for a transition that stays. */
const targetText = (from: AnyStateNode, edge: Edge) =>
  edge.to === null ? '■' : edge.to === from ? '↺' : edge.to.path.join('.');

/** The ids of the states a state value names and of every state around them, as the drawing names them. */
export function activeStateIds(paths: readonly string[][], machine: AnyStateMachine): Set<string> {
  const ids = new Set<string>();
  for (const path of paths) {
    let node: AnyStateNode | undefined = machine.root;
    for (const key of path) {
      node = node.states[key];
      if (node === undefined) break;
      ids.add(idOf(node));
    }
  }
  return ids;
}
