/* eslint-disable vitest/no-standalone-expect -- the states and executors run inside each walk's test (describeWalks) */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { dashboardMachine } from '@machines/dashboard/dashboard.machine';
import { ApiError } from '@contracts/failures';
import { answerCall } from '../support/admin-dialog-host';
import { catalogueText } from '../support/catalogue-text';
import { actorDone, actorError, doneEventType, errorEventType } from '../support/controlled-actor';
import { dashboardFigures } from '../support/dashboard-fixtures';
import { profile } from '../support/profiles';
import { recordingNotifications } from '../support/recording-ref';
import { describeWalks, type WalkEvent } from '../support/walk';
import { renderDashboard } from './dashboard.harness';

/*
 * Generated walks of the dashboard's figures (machines/dashboard; issue 13 item 4) through the real dashboard page
 * under the root actor: the figures are read when the page opens, refreshed on Refresh, tried again after a failure.
 * Only the network is fake: GET Dashboard/Figures waits for the walk's answer.
 */

const en = (id: string) => catalogueText('en-us', id);
const first = dashboardFigures();
const fresher = dashboardFigures({ activePeople: 57, lockouts: 3 });
const down = new ApiError({ status: 503, code: 'unavailable', message: 'down', requestId: 'req-dash' });
const loaded = actorDone('loadFigures', first);
const reloaded = actorDone('loadFigures', fresher);
const failed = actorError('loadFigures', down);
const refresh = { type: 'figures.refresh' } as const;
const retry = { type: 'figures.retry' } as const;
const events = [loaded, reloaded, failed, refresh, retry] satisfies WalkEvent<typeof dashboardMachine>[];

type Harness = ReturnType<typeof renderDashboard>;
type Shown = { context: { figures: { activePeople: number; lockouts: number } | undefined } };

const figuresRegion = () => screen.getByRole('region', { name: en('Dashboard_Text_FiguresTitle') });
const tile = (id: string) => document.querySelector(`[data-figure="${id}"]`);
/** A tile's number (its last line; the first is its label). */
const tileValue = (id: string) => tile(id)?.lastElementChild?.textContent;

/** The figures the context holds are the ones on screen: tiles, both charts, the counts, the newest rows. */
async function expectFigures(s: Shown) {
  const figures = s.context.figures;
  if (figures === undefined) throw new Error('no figures in a state that shows them');
  await waitFor(() => {
    expect(tileValue('activePeople')).toBe(String(figures.activePeople));
  });
  expect(tileValue('lockouts')).toBe(String(figures.lockouts));
  // 24 hours: 7 sign-ins in the last hour and 22 before it (0, 1, 2 repeating); 2 failures, all in the last hour.
  expect(tileValue('signIns')).toBe('29');
  expect(tileValue('failures')).toBe('2');
  const region = within(figuresRegion());
  expect(region.getByRole('img', { name: en('Dashboard_Text_HoursChart') }).querySelectorAll('g')).toHaveLength(24);
  expect(region.getByRole('img', { name: en('Dashboard_Text_DaysChart') }).querySelectorAll('g')).toHaveLength(30);
  const people = region.getByRole('table', { name: en('Dashboard_Text_PeoplePerClient') });
  expect(within(people).getByRole('row', { name: /Acme Health 120/ })).toBeInTheDocument();
  const changes = region.getByRole('region', { name: en('Dashboard_Text_RecentChanges') });
  // In plain words, the login without its internal prefix (issue 29 §5).
  expect(changes).toHaveTextContent('admin@gatehouse.test: Client · Changed (Acme Health)');
  expect(changes).not.toHaveTextContent('AUL__');
  expect(within(changes).getByRole('link', { name: en('Dashboard_Link_AuditLog') })).toHaveAttribute(
    'href',
    '/auditLog',
  );
  const errors = region.getByRole('region', { name: en('Dashboard_Text_RecentErrors') });
  expect(errors).toHaveTextContent('HttpError: The server did not answer');
  expect(within(errors).getByRole('link', { name: en('Dashboard_Link_ErrorLog') })).toHaveAttribute(
    'href',
    '/errorLog',
  );
}

const refreshButton = () => screen.getByRole('button', { name: en('Dashboard_Button_Refresh') });

describeWalks(dashboardMachine, {
  title: 'dashboard figures model walk (issue 13 item 4, through the real dashboard page)',
  events,
  scenarios: [
    {
      input: { notifications: recordingNotifications().ref },
      // Which figures are shown is told apart by the answer: the first read, or a fresher one.
      serializeState: (s) => `${JSON.stringify(s.value)} ${String(s.context.figures?.activePeople)}`,
      // Retry after a failed refresh and a refresh after a retry are longer than shortest paths go.
      journeys: [
        [loaded, refresh, failed, retry, reloaded],
        [failed, retry, loaded, refresh, reloaded, refresh, loaded],
      ],
    },
  ],
  start: () => renderDashboard(profile({ isAulAdmin: true, role: 'admin' })),
  describeEvent: (event) =>
    event.type === doneEventType('loadFigures') ? `${String(event.output.activePeople)} active` : undefined,
  timeout: 30_000,
  states: {
    reading: async (s, harness: Harness) => {
      await waitFor(() => {
        expect(harness.calls.figures.waiting()).toBe(1);
      });
      if (s.context.figures === undefined) {
        // The first read, or Try again after a failure: the page says it is loading, no figures.
        expect(await screen.findByText(en('Dashboard_Text_FiguresLoading'))).toBeInTheDocument();
        expect(screen.queryByRole('button', { name: en('Dashboard_Button_Retry') })).toBeNull();
      } else {
        // A refresh: the last figures stay, the Refresh button is busy.
        await expectFigures(s);
        expect(refreshButton()).toBeDisabled();
        expect(refreshButton()).toHaveAttribute('aria-busy', 'true');
      }
      // The tools stay beside the figures, whatever they do.
      expect(screen.getByRole('button', { name: en('Dashboard_Button_ClearCache') })).toBeInTheDocument();
    },
    ready: async (s) => {
      await expectFigures(s);
      await waitFor(() => {
        expect(refreshButton()).toBeEnabled();
      });
      expect(screen.queryByText(en('Dashboard_Text_FiguresLoading'))).toBeNull();
    },
    failed: async () => {
      expect(await screen.findByText(en('Dashboard_Text_FiguresFailed'))).toBeInTheDocument();
      expect(screen.getByRole('button', { name: en('Dashboard_Button_Retry') })).toBeInTheDocument();
      expect(tile('activePeople')).toBeNull();
    },
  },
  executors: {
    [doneEventType('loadFigures')]: ({ event }, harness) => answerCall(harness.calls.figures, { output: event.output }),
    [errorEventType('loadFigures')]: ({ event }, harness) => answerCall(harness.calls.figures, { error: event.error }),
    'figures.refresh': async () => {
      await userEvent.click(refreshButton());
    },
    'figures.retry': async () => {
      await userEvent.click(screen.getByRole('button', { name: en('Dashboard_Button_Retry') }));
    },
  },
});
