import type { Culture } from '@contracts/culture';
import { eq } from 'drizzle-orm';
import type { AggregatedResources } from '@contracts/resources';
import type { Db } from '../../db/client';
import { clients } from '../../db/schema';
import { readInputs } from './inputs';
import { readResolvedLabels } from './labels';
import { readLists } from './lists';
import { readSettings } from './settings';
import { readTheme } from './theme';
import type { ResourceScope } from './scope';

/**
 * Everything a page needs in one answer: the labels and inputs of its components, every list and setting of the
 * client (global ones included), whether the client allows sign-up, and its theme. The reads are independent, so they run
 * together.
 */
export async function readAggregated(
  db: Db,
  { scope, components, culture }: { scope: ResourceScope; components: readonly string[]; culture: Culture },
): Promise<AggregatedResources> {
  const query = { components, culture, clientId: scope.clientId };
  const [labels, inputs, lists, settings, allowsSignUp, theme] = await Promise.all([
    readResolvedLabels(db, query),
    readInputs(db, query),
    readLists(db, { culture, clientId: scope.clientId }),
    readSettings(db, scope.clientId),
    readAllowsSignUp(db, scope.clientId),
    readTheme(db, scope.clientId),
  ]);
  return {
    version: scope.version,
    culture,
    clientId: scope.clientId,
    labels: Object.fromEntries(labels.filter((label) => !label.fallback).map((label) => [label.key, label.value])),
    fallbackLabels: Object.fromEntries(
      labels.filter((label) => label.fallback).map((label) => [label.key, label.value]),
    ),
    inputs,
    lists,
    settings,
    allowsSignUp,
    theme,
  };
}

/**
 * The client's AutoSignUp; false for the global scope (no client, or one that does not exist). A client edit that
 * changes it raises the client's resource version (server/api/clients/service.ts), so no cached answer outlives it.
 */
async function readAllowsSignUp(db: Db, clientId: string | null): Promise<boolean> {
  if (clientId === null) return false;
  const [client] = await db
    .select({ autoSignUp: clients.autoSignUp })
    .from(clients)
    .where(eq(clients.id, clientId))
    .limit(1);
  return client?.autoSignUp === true;
}
