import { and, asc, count, eq, isNull, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Client } from '@contracts/admin/clients';
import { RECAPTCHA_FEATURE_SETTING, signUpCaptchaOn } from '@contracts/resources';
import type { Db, Tx } from '../../db/client';
import { clients, cmsSites, instances, portalSettings } from '../../db/schema';
import { notFound } from '../../http/problem';
import type { AdminReach } from '../support/reach';
import type { CmsClient } from '@contracts/admin/clients';

/** The clients area's reads (Drizzle): what its GET routes answer and its service reads back inside a transaction. */

/** GET Client/CMSClient: the content-management sites a client's public pages may belong to, by name. */
export async function listCmsClients(db: Db): Promise<CmsClient[]> {
  return db
    .select({
      id: cmsSites.id,
      name: cmsSites.name,
      sitefinitySiteId: cmsSites.sitefinitySiteId,
      parentSitefinitySiteId: cmsSites.parentSitefinitySiteId,
    })
    .from(cmsSites)
    .orderBy(asc(cmsSites.name));
}

const ownCaptcha = alias(portalSettings, 'own_captcha_setting');

/**
 * Clients as the contract has them: their columns, and whether sign-up asks for the captcha — the client's own
 * RecaptchaFeatureEnabled setting, else the global one, read by the rule the sign-up itself runs (`signUpCaptchaOn`).
 */
export async function selectClients(db: Db | Tx, where?: SQL): Promise<Client[]> {
  const rows = await db
    .select({
      id: clients.id,
      name: clients.name,
      portalAlias: clients.portalAlias,
      oktaPrefix: clients.oktaPrefix,
      autoSignUp: clients.autoSignUp,
      allowAccountClosing: clients.allowAccountClosing,
      cmsClientId: clients.cmsSiteId,
      ssoId: clients.ssoId,
      scimSignIn: clients.scimSignIn,
      version: clients.version,
      ownCaptcha: ownCaptcha.value,
    })
    .from(clients)
    .leftJoin(ownCaptcha, and(eq(ownCaptcha.clientId, clients.id), eq(ownCaptcha.key, RECAPTCHA_FEATURE_SETTING)))
    .where(where)
    .orderBy(asc(clients.name));
  const [global] = await db
    .select({ value: portalSettings.value })
    .from(portalSettings)
    .where(and(isNull(portalSettings.clientId), eq(portalSettings.key, RECAPTCHA_FEATURE_SETTING)));
  return rows.map(({ ownCaptcha: own, ...client }) => {
    const value = own ?? global?.value;
    const settings = value === undefined ? {} : { [RECAPTCHA_FEATURE_SETTING]: value };
    return { ...client, recaptchaFeatureEnabled: signUpCaptchaOn(settings) };
  });
}

/** GET Client: every client for the provider administrator; a client administrator's own one only. */
export async function listClients(db: Db, reach: AdminReach): Promise<Client[]> {
  if (reach.kind === 'all') return selectClients(db);
  return reach.clientId === null ? [] : selectClients(db, eq(clients.id, reach.clientId));
}

/** GET Client/{id}. The caller's reach was checked by the route. */
export async function getClient(db: Db | Tx, id: string): Promise<Client> {
  const [client] = await selectClients(db, eq(clients.id, id));
  if (client === undefined) throw notFound('No client has this id.');
  return client;
}

export async function peopleOf(tx: Tx, clientId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(instances).where(eq(instances.clientId, clientId));
  return row?.n ?? 0;
}
