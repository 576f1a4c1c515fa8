import * as v from 'valibot';
import { DashboardFiguresSchema, type DashboardFigures } from '@contracts/dashboard';
import { http, type CallOptions } from '../http';

/** GET Dashboard/Figures: what is happening, for every client or (a client administrator) their own. */
export async function getDashboardFigures(options: CallOptions = {}): Promise<DashboardFigures> {
  return v.parse(DashboardFiguresSchema, await http.get('Dashboard/Figures', options).json());
}
