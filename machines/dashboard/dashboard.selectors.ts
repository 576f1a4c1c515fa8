import type { SnapshotFrom } from 'xstate';
import type { DashboardFigures } from '@contracts/dashboard';
import type { dashboardMachine } from './dashboard.machine';

type DashboardSnapshot = SnapshotFrom<typeof dashboardMachine>;

/** The figures to show: the last ones read, also while a refresh runs; none before the first read or after a failure. */
export const selectFigures = (s: DashboardSnapshot): DashboardFigures | undefined => s.context.figures;

/** A read runs: the first (the page shows it is loading) or a refresh (the Refresh button is busy). */
export const selectIsReading = (s: DashboardSnapshot): boolean => s.hasTag('busy');

/** The last read failed: the page offers Try again in place of the figures. */
export const selectHasFailed = (s: DashboardSnapshot): boolean => s.matches('failed');

/** Refresh is offered once figures are on screen and no read runs. */
export const selectMayRefresh = (s: DashboardSnapshot): boolean => s.can({ type: 'figures.refresh' });

/** The counts marked up a chart's side: none and the peak, with a whole number about halfway once there is one. */
export const chartTicks = (peak: number): number[] => (peak >= 2 ? [0, Math.round(peak / 2), peak] : [0, peak]);

/** The highest count of a series, for the chart's scale (at least 1, so an empty chart has a scale). */
export const seriesPeak = (buckets: readonly { signIns: number; failures: number }[]): number =>
  Math.max(1, ...buckets.map((bucket) => Math.max(bucket.signIns, bucket.failures)));
