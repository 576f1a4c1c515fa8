import type { ActorRefFrom } from 'xstate';
import type { createGridMachine } from '@machines/admin-grid/grid.machine';

/** The grid actor of a page whose rows are `Row`. */
export type GridRef<Row> = ActorRefFrom<ReturnType<typeof createGridMachine<Row>>>;
