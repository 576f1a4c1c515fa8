import { normaliseCulture } from '@contracts/culture';
import type { ProblemDetail } from '@contracts/errors';
import type { ImportRoles, ImportUpload } from '@contracts/user-import';
import { eq } from 'drizzle-orm';
import type { Principal } from '../../auth/principal';
import type { Db } from '../../db/client';
import type { ClientRow } from '../../db/rows';
import { instances } from '../../db/schema';
import { ADMIN_APPLICATION_NAME } from '../../db/seed';
import { validationFailed } from '../../http/problem';
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

/**
 * Refuses an upload whose body says more than the caller may (spec public-and-profile §3 "File upload": userEmailId,
 * clientId, roles), before anything is written: a `userEmailId` that is not the signed-in person's own e-mail (compared
 * without case), and roles for an application that is not one of the client's, or for the admin application when the
 * caller is not a provider administrator. The client itself is checked by `importClient` (404 outside the reach).
 */
export async function refuseUploadOutOfReach(
  db: Db,
  caller: Principal,
  upload: Pick<ImportUpload, 'userEmailId' | 'roles'>,
  rules: Pick<ImportRules, 'form' | 'grantsAdminApplication'>,
): Promise<void> {
  const details: ProblemDetail[] = [];
  if (upload.userEmailId !== undefined && upload.userEmailId !== '') {
    const [own] = await db.select({ email: instances.email }).from(instances).where(eq(instances.id, caller.userId));
    if (own?.email.toLowerCase() !== upload.userEmailId.toLowerCase())
      details.push({
        field: 'body.userEmailId',
        message: 'is not the e-mail of the signed-in person',
        kind: 'invalid',
      });
  }
  const applications = new Map(rules.form.applications.map((app) => [app.applicationId, app.applicationName]));
  upload.roles.forEach((entry, index) => {
    const name = applications.get(entry.applicationId);
    if (name === undefined)
      details.push({
        field: `body.roles.${String(index)}.applicationId`,
        message: 'is not an application of this client',
        kind: 'invalid',
      });
    else if (name === ADMIN_APPLICATION_NAME && !rules.grantsAdminApplication)
      details.push({
        field: `body.roles.${String(index)}.applicationId`,
        message: 'only a provider administrator gives roles in this application',
        kind: 'invalid',
      });
  });
  if (details.length > 0) throw validationFailed(details);
}
