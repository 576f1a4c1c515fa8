import * as v from 'valibot';
import {
  TemplateDetailSchema,
  TemplateSaveResultSchema,
  TemplateSchema,
  type Template,
  type TemplateCreate,
  type TemplateDetail,
  type TemplateUpdate,
} from '@contracts/admin/templates';
import { criticalityHeaders } from '../criticality';
import { http, type CallOptions } from '../http';

const TemplateListSchema = v.array(TemplateSchema);

/** GET Template: every template with its Default flag and field count. */
export async function listTemplates(options: CallOptions = {}): Promise<Template[]> {
  return v.parse(TemplateListSchema, await http.get('Template', options).json());
}

/** GET Template/{id}: the template with its fields in display order. */
export async function getTemplate(id: string, options: CallOptions = {}): Promise<TemplateDetail> {
  return v.parse(TemplateDetailSchema, await http.get(`Template/${encodeURIComponent(id)}`, options).json());
}

/** POST Template (critical, public-and-profile §7). */
export async function createTemplate(body: TemplateCreate, options: CallOptions = {}): Promise<TemplateDetail> {
  const answer = await http.post('Template', { json: body, headers: criticalityHeaders('Critical'), ...options });
  return v.parse(TemplateSaveResultSchema, await answer.json()).object;
}

/** PUT Template/{id}: the whole template with the version it was read at (stale → 409 stale_update). */
export async function updateTemplate(
  id: string,
  body: TemplateUpdate,
  options: CallOptions = {},
): Promise<TemplateDetail> {
  const answer = await http.put(`Template/${encodeURIComponent(id)}`, { json: body, ...options });
  return v.parse(TemplateSaveResultSchema, await answer.json()).object;
}

/** DELETE Template/{id}: 409 with the reason while a client application still uses it. */
export async function deleteTemplate(id: string, options: CallOptions = {}): Promise<void> {
  await http.delete(`Template/${encodeURIComponent(id)}`, options);
}
