import type { Culture } from '@contracts/culture';
import type { AggregatedResources } from '@contracts/resources';
import type { Db } from '../../db/client';
import { readInputs } from './inputs';
import { readLabels } from './labels';
import { readLists } from './lists';
import { readSettings } from './settings';
import type { ResourceScope } from './scope';

/**
 * Everything a page needs in one answer: the labels and inputs of its components, and every list and setting of the
 * client (global ones included). The four reads are independent, so they run together.
 */
export async function readAggregated(
  db: Db,
  { scope, components, culture }: { scope: ResourceScope; components: readonly string[]; culture: Culture },
): Promise<AggregatedResources> {
  const query = { components, culture, clientId: scope.clientId };
  const [labels, inputs, lists, settings] = await Promise.all([
    readLabels(db, query),
    readInputs(db, query),
    readLists(db, { culture, clientId: scope.clientId }),
    readSettings(db, scope.clientId),
  ]);
  return {
    version: scope.version,
    culture,
    clientId: scope.clientId,
    labels: Object.fromEntries(labels.map((label) => [label.key, label.value])),
    inputs,
    lists,
    settings,
  };
}
