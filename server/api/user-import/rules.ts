import { normaliseCulture } from '@contracts/culture';
import type { ImportRoles } from '@contracts/user-import';
import type { Principal } from '../../auth/principal';
import type { Db } from '../../db/client';
import type { ClientRow } from '../../db/rows';
import { fixedInputRules } from '../instance/boundary';
import { readFormDefinition } from '../instance/form-queries';
import type { ImportRules } from './plan';

/**
 * The rules an import of `client` runs by: the client's form as an administrator sees it (the caller's role decides
 * which fields are locked), the e-mail input's resource rules, and the roles each application offers.
 */
export async function importRules(
  db: Db,
  caller: Principal,
  client: ClientRow,
  columns: string[],
  roles: ImportRoles,
): Promise<ImportRules> {
  const viewer = { admin: true, role: caller.role };
  const form = await readFormDefinition(db, client, viewer, null);
  const { email } = await fixedInputRules(db, client.id, normaliseCulture(client.defaultCulture));
  return {
    form,
    viewer,
    emailRules: email,
    columns,
    offered: new Map(roles.map((entry) => [entry.applicationId, new Set(entry.roles.map((role) => role.trim()))])),
    grantsAdminApplication: caller.role === 'admin',
  };
}
