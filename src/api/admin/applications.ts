import * as v from 'valibot';
import {
  ApplicationSaveResultSchema,
  ApplicationSchema,
  RegionSchema,
  type Application,
  type ApplicationCreate,
  type ApplicationUpdate,
  type Region,
} from '@contracts/admin/applications';
import { criticalityHeaders } from '../criticality';
import { http, type CallOptions } from '../http';

const ApplicationListSchema = v.array(ApplicationSchema);
const RegionListSchema = v.array(RegionSchema);

/** GET Application: the whole catalogue (provider administrators). */
export async function listApplications(options: CallOptions = {}): Promise<Application[]> {
  return v.parse(ApplicationListSchema, await http.get('Application', options).json());
}

/** GET ApplicationRegions: the regions for the dialog's select. */
export async function listRegions(options: CallOptions = {}): Promise<Region[]> {
  return v.parse(RegionListSchema, await http.get('ApplicationRegions', options).json());
}

/** POST Application (critical, spec §7): answers IsValid and the saved application; a taken name or alias is 409. */
export async function createApplication(body: ApplicationCreate, options: CallOptions = {}): Promise<Application> {
  const answer = await http.post('Application', {
    json: body,
    headers: criticalityHeaders('Critical'),
    ...options,
  });
  return v.parse(ApplicationSaveResultSchema, await answer.json()).object;
}

/** PUT Application/{id} with the version it was read at: a stale one is answered 409 stale_update. */
export async function updateApplication(
  id: string,
  body: ApplicationUpdate,
  options: CallOptions = {},
): Promise<Application> {
  const answer = await http.put(`Application/${encodeURIComponent(id)}`, { json: body, ...options });
  return v.parse(ApplicationSaveResultSchema, await answer.json()).object;
}

/** DELETE Application/{id}: 409 with the reason while clients still use it. */
export async function deleteApplication(id: string, options: CallOptions = {}): Promise<void> {
  await http.delete(`Application/${encodeURIComponent(id)}`, options);
}
