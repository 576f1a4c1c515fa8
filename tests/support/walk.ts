import { afterAll, describe, expect, it } from 'vitest';
import {
  initialTransition,
  matchesState,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type StateValue,
} from 'xstate';
import { getShortestPaths, getSimplePaths, TestModel } from 'xstate/graph';
import { walkCoverage } from './path-coverage';
import { walkGuardFindings } from './walk-guards';
import { walkTitle } from './walk-title';
import {
  isNotWalked,
  type Executors,
  type Facet,
  type Offer,
  type Scenario,
  type StateAssertions,
  type StatePath,
  type WalkEvent,
} from './walk-types';

export { notWalked, type WalkEvent } from './walk-types';

/** A snapshot as the guards read it: its value, typed (XState types a machine-agnostic snapshot's value as any). */
type Reached = AnyMachineSnapshot & { value: StateValue };
type Step = { event: { type: string }; state: Reached };
type Path = {
  state: Reached;
  steps: Step[];
  test: (params: {
    states: Record<string, (s: never) => unknown>;
    events: Record<string, (s: never) => unknown>;
  }) => Promise<unknown>;
};
export type Walk<S> = { title: string; scenario: S; path: Path };

export type WalkSpec<
  M extends AnyStateMachine,
  E extends WalkEvent<M>,
  S extends Scenario<M, E>,
  H,
  K extends StatePath<M>,
> = {
  /** The describe block's title: which spec sections the walks cover, through which real view. */
  title: string;
  /** Every event the walks may step on, with the answers the fakes give; a scenario may offer fewer. */
  events: Offer<M, E>;
  /** The traversals (one by default): inputs, filters, journeys. */
  scenarios?: readonly S[];
  /** Renders the real view for one walk and returns what its assertions and executors need. */
  start: (scenario: S) => H | Promise<H>;
  stop?: (harness: H) => unknown;
  states: StateAssertions<M, H, K>;
  executors: Executors<M, E, H>;
  /** Views of the snapshot that are not states (the root's page), each asserted per value the walks reach. */
  facets?: Record<string, Facet<M, H>>;
  /** Tells events of one type apart in titles (which address, which answer); undefined shows the type alone. */
  describeEvent?: (event: E) => string | undefined;
  /** A bound so a stuck walk fails instead of hanging (never a speed check). */
  timeout?: number;
};

const facetKey = (facet: string, value: string) => `${facet}:${value}`;

function generate<M extends AnyStateMachine, E>(
  machine: M,
  offer: Offer<M, E>,
  scenario: Scenario<M, E>,
  matcher: Matcher,
) {
  const model = new TestModel(machine, { stateMatcher: matcher });
  const offered = scenario.events ?? offer;
  const eventsAt = (s: AnyMachineSnapshot) =>
    typeof offered === 'function' ? offered(s as never) : (offered as readonly unknown[]);
  const options = {
    input: scenario.input,
    events: eventsAt,
    ...(scenario.filterEvents && { filterEvents: scenario.filterEvents }),
    ...(scenario.serializeState && { serializeState: scenario.serializeState }),
  } as never;
  const paths = model.getPaths(scenario.paths === 'simple' ? getSimplePaths : getShortestPaths, options);
  // getPathsFromEvents does not hand `input` to every traversal it runs, so a journey starts from the opened machine;
  // its own events join the offered ones where the machine takes them, so that the traversal knows its steps.
  const fromState = initialTransition(machine, ...([scenario.input] as [never]))[0];
  const journeys = (scenario.journeys ?? []).flatMap((journey) =>
    model.getPathsFromEvents(
      journey as never,
      {
        ...(options as object),
        fromState,
        events: (s: AnyMachineSnapshot) => [...eventsAt(s), ...journey.filter((event) => s.can(event as never))],
      } as never,
    ),
  );
  return [...paths, ...journeys] as unknown as Path[];
}

type Matcher = (snapshot: AnyMachineSnapshot, key: string) => boolean;

/**
 * Generates the machine's paths for each scenario and walks every one through the real view, one `it` per path
 * titled with the whole path, plus the guard suite: every state reached is asserted and every assertion reached, every
 * event stepped on has an executor and every executor is used, and no two walks share a title.
 */
export function describeWalks<
  M extends AnyStateMachine,
  E extends WalkEvent<M>,
  S extends Scenario<M, E>,
  H,
  K extends StatePath<M>,
>(machine: M, spec: WalkSpec<M, E, S, H, K>): Walk<S>[] {
  const states = spec.states as Record<string, unknown>;
  const executors = spec.executors as Record<string, unknown>;
  const scenarios = spec.scenarios ?? [{} as S];
  const facets = Object.entries(spec.facets ?? {});
  const matcher: Matcher = (snapshot, key) => {
    const facet = facets.find(([name]) => key.startsWith(`${name}:`));
    return facet
      ? key === facetKey(facet[0], facet[1].of(snapshot as never))
      : matchesState(key, snapshot.value as StateValue);
  };
  const walks = scenarios.flatMap((scenario) =>
    generate(machine, spec.events, scenario, matcher).map((path) => ({
      title: walkTitle(machine.id, scenario.name, path.steps, spec.describeEvent as (e: unknown) => string | undefined),
      scenario,
      path,
    })),
  );
  const assertionKeys = Object.keys(states).filter((key) => !isNotWalked(states[key]));
  const found = walkGuardFindings(machine, states, executors, walks);
  const reasons = (table: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(table).flatMap(([key, value]) => (isNotWalked(value) ? [[key, value.notWalked] as const] : [])),
    );
  // Only when `npm run test:paths` asks (PATH_COVERAGE_DIR): which states and transitions each passing walk took.
  const coverage = walkCoverage({
    machine,
    generated: walks.length,
    notWalked: { states: reasons(states), events: reasons(executors) },
    unasserted: [...found.reachedWithoutOneAssertion, ...found.reachedButNotWalked, ...found.leavesWithoutKey],
    unexecuted: found.steppedWithoutExecutor,
  });

  // eslint-disable-next-line vitest/valid-title -- the title is the spec's, a string
  describe(spec.title, () => {
    for (const { title, scenario, path } of walks) {
      it(
        // eslint-disable-next-line vitest/valid-title -- the whole path, computed from the machine
        title,
        async () => {
          expect.hasAssertions();
          const harness = await spec.start(scenario);
          const bind = (fn: unknown) => (arg: unknown) => (fn as (a: unknown, h: H) => unknown)(arg, harness);
          // Facets first: what the page shows is checked before a state's own check opens or closes a dialog over it.
          const testStates = Object.fromEntries<(arg: unknown) => unknown>([
            ...facets.flatMap(([name, facet]) =>
              Object.entries(facet.states).map(([value, fn]) => [facetKey(name, value), bind(fn)] as const),
            ),
            ...assertionKeys.map((key) => [key, bind(states[key])] as const),
          ]);
          const testEvents = Object.fromEntries<(arg: unknown) => unknown>(
            Object.entries(executors)
              .filter(([, fn]) => !isNotWalked(fn))
              .map(([type, fn]) => [type, bind(fn)] as const),
          );
          try {
            await path.test({ states: testStates, events: testEvents });
          } finally {
            await spec.stop?.(harness);
          }
          const { testPath } = expect.getState();
          coverage?.record(testPath ?? '', title, path.steps, scenario.input);
        },
        spec.timeout,
      );
    }

    it('asserts every state its walks reach, and reaches every state it asserts', () => {
      // One key per state reached, and not one that says it is never walked.
      expect(found.reachedWithoutOneAssertion).toEqual([]);
      expect(found.reachedButNotWalked).toEqual([]);
      expect(found.assertedNeverReached).toEqual([]);
      for (const [name, facet] of facets) {
        const values = [...new Set(found.reached.map((s) => facet.of(s as never)))].sort();
        expect({ facet: name, values }).toEqual({ facet: name, values: Object.keys(facet.states).sort() });
      }
    });

    it("names only the machine's states, and covers every one of them", () => {
      expect(found.keysNotOfTheMachine).toEqual([]);
      expect(found.leavesWithoutKey).toEqual([]);
    });

    it('drives every event its walks step on, and walks every event it drives', () => {
      expect(found.steppedWithoutExecutor).toEqual([]);
      expect(found.drivenNeverStepped).toEqual([]);
    });

    it('gives every walk its own title', () => {
      expect(found.repeatedTitles).toEqual([]);
    });

    afterAll(() => {
      coverage?.write();
    });
  });
  return walks;
}
