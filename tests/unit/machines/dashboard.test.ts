import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { dashboardMachine } from '@machines/dashboard/dashboard.machine';
import {
  selectFigures,
  selectHasFailed,
  selectIsReading,
  selectMayRefresh,
  seriesPeak,
} from '@machines/dashboard/dashboard.selectors';
import type { DashboardFigures } from '@contracts/dashboard';
import { ApiError } from '@contracts/failures';
import { createControlledActor } from '../../support/controlled-actor';
import { dashboardFigures } from '../../support/dashboard-fixtures';
import { recordingNotifications } from '../../support/recording-ref';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const down = new ApiError({ status: 503, code: 'unavailable', message: 'down', requestId: 'r' });

function open() {
  const loadFigures = createControlledActor<DashboardFigures, undefined>();
  const recorder = recordingNotifications();
  const actor = createActor(dashboardMachine.provide({ actors: { loadFigures: loadFigures.logic } }), {
    input: { notifications: recorder.ref },
  }).start();
  return { actor, loadFigures, recorder };
}

describe('the dashboard’s figures (machines/dashboard)', () => {
  it('reads the figures when it starts and shows them once read', async () => {
    const { actor, loadFigures } = open();
    expect(actor.getSnapshot().matches('reading')).toBe(true);
    expect(selectIsReading(actor.getSnapshot())).toBe(true);
    expect(selectFigures(actor.getSnapshot())).toBeUndefined();
    expect(selectMayRefresh(actor.getSnapshot())).toBe(false);
    expect(loadFigures.calls).toHaveLength(1);
    loadFigures.resolve(dashboardFigures());
    await settle();
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(selectFigures(actor.getSnapshot())?.activePeople).toBe(42);
    expect(selectMayRefresh(actor.getSnapshot())).toBe(true);
  });

  it('keeps the figures on screen while a refresh reads fresh ones, then shows those', async () => {
    const { actor, loadFigures } = open();
    loadFigures.resolve(dashboardFigures());
    await settle();
    actor.send({ type: 'figures.refresh' });
    expect(actor.getSnapshot().matches('reading')).toBe(true);
    expect(selectIsReading(actor.getSnapshot())).toBe(true);
    expect(selectFigures(actor.getSnapshot())?.activePeople).toBe(42);
    expect(selectMayRefresh(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'figures.refresh' }); // a second click while reading starts nothing
    expect(loadFigures.calls).toHaveLength(2);
    loadFigures.resolve(dashboardFigures({ activePeople: 43 }));
    await settle();
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(selectFigures(actor.getSnapshot())?.activePeople).toBe(43);
  });

  it('reports a failed read, offers Try again, and reads again on it', async () => {
    const { actor, loadFigures, recorder } = open();
    loadFigures.reject(down);
    await settle();
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(selectHasFailed(actor.getSnapshot())).toBe(true);
    expect(selectFigures(actor.getSnapshot())).toBeUndefined();
    expect(recorder.received).toContainEqual({ type: 'error.report', error: down, action: 'dashboard.loadFigures' });
    actor.send({ type: 'figures.refresh' }); // not offered here
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    actor.send({ type: 'figures.retry' });
    expect(actor.getSnapshot().matches('reading')).toBe(true);
    expect(loadFigures.calls).toHaveLength(2);
  });

  it('fails a refresh that fails, reported, with Try again', async () => {
    const { actor, loadFigures, recorder } = open();
    loadFigures.resolve(dashboardFigures());
    await settle();
    actor.send({ type: 'figures.refresh' });
    loadFigures.reject(down);
    await settle();
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(recorder.received.filter((event) => event.type === 'error.report')).toHaveLength(1);
    // The figures of before the failed refresh are gone: Try again reads as the first time did.
    expect(selectFigures(actor.getSnapshot())).toBeUndefined();
    actor.send({ type: 'figures.retry' });
    expect(selectFigures(actor.getSnapshot())).toBeUndefined();
  });

  it('scales a chart to the highest count of its series, and an empty series to 1', () => {
    expect(seriesPeak(dashboardFigures().hours)).toBe(7);
    expect(seriesPeak([{ signIns: 0, failures: 0 }])).toBe(1);
    expect(seriesPeak([{ signIns: 2, failures: 9 }])).toBe(9);
  });
});
