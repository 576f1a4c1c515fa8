import { randomBytes } from 'node:crypto';
import type { ClientApplication, ClientApplicationTemplate } from '@contracts/admin/client-applications';
import type { FieldCreate } from '@contracts/admin/fields';
import type { TemplateCreate } from '@contracts/admin/templates';
import { providerAdminToken } from './admin-token';

/** A client whose sign-up form is one large template, set up through the real admin API. */
export interface LargeSignUpClient {
  /** The client's portal alias: its sign-up page is `/SignUp/{portalAlias}`. */
  portalAlias: string;
  /** Every field's dictionary name in display order; with no label resource, the form shows it as the caption. */
  fieldNames: string[];
  /** The mandatory fields (every tenth one, the first included). */
  mandatory: string[];
  /** The one field with a validation regex (three capitals, a dash, four digits) and its own message. */
  patterned: { name: string; message: string };
}

const PATTERN_MESSAGE = 'Use three capital letters, a dash and four digits (ABC-1234).';

/** Every answer of the admin API must be a 2xx; anything else stops the set-up with what the server said. */
async function call<T>(baseUrl: string, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}/api/v1/${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${String(response.status)}: ${text}`);
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

/**
 * As the provider administrator, through the admin API of a running server: `count` NVARCHAR fields (every tenth
 * mandatory, the second with a validation regex), one template holding them in order, and a new client with
 * AutoSignUp whose only active application (Wellness Hub) uses that template — so its sign-up form is exactly these
 * fields. Names carry a random tag: the set-up can run any number of times against one server.
 */
export async function createLargeSignUpClient(baseUrl: string, count = 200): Promise<LargeSignUpClient> {
  const token = await providerAdminToken(baseUrl);
  const tag = randomBytes(3).toString('hex').toUpperCase();
  const fieldNames = Array.from({ length: count }, (_, i) => `Bulk${tag}_${String(i + 1).padStart(3, '0')}`);
  const mandatory = fieldNames.filter((_, i) => i % 10 === 0);
  const patterned = { name: fieldNames[1] ?? '', message: PATTERN_MESSAGE };

  const fieldIds: string[] = [];
  for (const [i, name] of fieldNames.entries()) {
    const field: FieldCreate = {
      dictionaryName: name,
      dataType: 'NVARCHAR',
      dataLength: 60,
      fieldDescription: `Bulk field ${String(i + 1)} of ${String(count)}`,
      ...(name === patterned.name && { validationRegex: '^[A-Z]{3}-\\d{4}$', validationMessage: PATTERN_MESSAGE }),
    };
    const saved = await call<{ object: { id: string } }>(baseUrl, token, 'POST', 'Field', field);
    fieldIds.push(saved.object.id);
  }
  const template: TemplateCreate = {
    name: `Bulk template ${tag}`,
    fields: fieldIds.map((fieldId, i) => ({ fieldId, displayOrder: i, mandatory: i % 10 === 0 })),
  };
  const savedTemplate = await call<{ object: { id: string } }>(baseUrl, token, 'POST', 'Template', template);

  const portalAlias = `bulk-${tag.toLowerCase()}`;
  const client = await call<{ id: string }>(baseUrl, token, 'POST', 'Client', {
    name: `Bulk Forms ${tag}`,
    portalAlias,
    oktaPrefix: `BULK${tag}`,
    autoSignUp: true,
    cmsClientId: null,
  });
  const catalogue = await call<ClientApplication[]>(baseUrl, token, 'GET', `ClientApplication/${client.id}`);
  const wellness = catalogue.find((app) => app.applicationName === 'Wellness Hub');
  if (wellness === undefined) throw new Error('the catalogue has no Wellness Hub');
  const activated = await call<ClientApplication[]>(baseUrl, token, 'PUT', `ClientApplication/${client.id}`, {
    applications: [{ applicationId: wellness.applicationId, active: true, version: null }],
  });
  const row = activated.find((app) => app.applicationId === wellness.applicationId);
  if (row?.id == null) throw new Error('Wellness Hub was not activated');
  const current = await call<ClientApplicationTemplate>(baseUrl, token, 'GET', `ClientApplicationTemplate/${row.id}`);
  await call(baseUrl, token, 'PUT', `ClientApplicationTemplate/${row.id}`, {
    ...current,
    templateId: savedTemplate.object.id,
  });
  return { portalAlias, fieldNames, mandatory, patterned };
}
