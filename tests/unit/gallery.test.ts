import type { AnyStateMachine } from 'xstate';
import { describe, expect, it } from 'vitest';
import { routeTable, type RouteId } from '@src/app/routes';
import { machineNodes } from '@machines/support/statechart';
import { galleryPages, galleryShots, routesLeftOut, topLevelStates } from '../gallery/gallery';
import { pictureFile } from '../gallery/run-gallery';

/**
 * The gallery's list (tests/gallery/gallery.ts) cannot silently miss a page or a state: every route is shown or left
 * out with a reason, and every top-level state of every machine it shows is shot or left out with a reason. No
 * screenshot is taken here (`npm run gallery` takes them).
 */
const pageRouteIds = [
  ...new Set(routeTable.flatMap((route) => (route.kind === 'page' ? [route.id] : []))),
] as RouteId[];

const sectionsByMachine = new Map<AnyStateMachine, { shot: Set<string>; leftOut: Set<string> }>();
for (const page of galleryPages) {
  for (const section of page.sections) {
    if (section.machine === undefined) continue;
    const seen = sectionsByMachine.get(section.machine) ?? { shot: new Set<string>(), leftOut: new Set<string>() };
    for (const shot of section.shots) seen.shot.add(shot.state.split('.')[0] ?? shot.state);
    for (const state of Object.keys(section.leftOut ?? {})) seen.leftOut.add(state);
    sectionsByMachine.set(section.machine, seen);
  }
}
const machines = [...sectionsByMachine].map(([machine, seen]) => ({ name: machine.id, machine, ...seen }));

describe('the gallery covers every page and every state', () => {
  it('shows every page route, or says why a route has nothing to show', () => {
    const shown = new Set(galleryPages.flatMap((page) => page.routes));
    const missing = pageRouteIds.filter((id) => !shown.has(id) && routesLeftOut[id] === undefined);
    expect(missing).toEqual([]);
  });

  it('names only routes that exist, and never a route both shown and left out', () => {
    const named = [...galleryPages.flatMap((page) => page.routes), ...Object.keys(routesLeftOut)];
    expect(named.filter((id) => !pageRouteIds.includes(id as RouteId))).toEqual([]);
    const shown = galleryPages.flatMap((page) => page.routes);
    expect(shown.filter((id) => routesLeftOut[id] !== undefined)).toEqual([]);
  });

  it.each(machines)('accounts for every top-level state of $name', ({ machine, shot, leftOut }) => {
    const unaccounted = topLevelStates(machine).filter((state) => !shot.has(state) && !leftOut.has(state));
    expect(unaccounted).toEqual([]);
  });

  it.each(machines)('names only real states of $name, none both shot and left out', ({ machine, shot, leftOut }) => {
    const real = new Set(machineNodes(machine));
    const top = new Set(topLevelStates(machine));
    const shotStates = galleryShots.filter((entry) => entry.section.machine === machine).map((e) => e.shot.state);
    expect(shotStates.filter((state) => !real.has(state))).toEqual([]);
    expect([...leftOut].filter((state) => !top.has(state))).toEqual([]);
    expect([...leftOut].filter((state) => shot.has(state))).toEqual([]);
  });

  it('gives every picture its own file', () => {
    const files = galleryShots.map((job) => pictureFile(job, 'en-us', 1280));
    expect(files.filter((file, index) => files.indexOf(file) !== index)).toEqual([]);
  });
});
