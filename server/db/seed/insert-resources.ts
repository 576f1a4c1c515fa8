import { cultures } from '@contracts/culture';
import { ensurePortalMenu } from '../builtin/ensure-portal-menu';
import type { Db } from '../client';
import { dateVersion } from '../resource-version';
import {
  clientAssetKinds,
  clientAssets,
  faqQuestions,
  inputResources,
  labels,
  listItems,
  portalSettings,
  resourceVersions,
  themes,
} from '../schema';
import { demoBrands, logoSvg } from './world/branding';
import { demoClientFaq, demoSharedFaq } from './world/faq';
import { demoFields, formFieldLabelKey } from './world/fields';
import { demoInputs } from './world/inputs';
import { demoClientLabels, demoGlobalLabels, type DemoLabel } from './world/labels';
import { demoLists } from './world/lists';
import { demoClientSettings, demoGlobalSettings } from './world/settings';
import type { ClientPrefix } from './world/types';
import type { PortalIds } from './insert-portal';

/** One row per culture of a bilingual text. */
const perCulture = <T>(make: (culture: (typeof cultures)[number]) => T) => cultures.map(make);

/** Labels of the template fields: caption, validation message and option captions (see `formFieldLabelKey`). */
function formFieldLabels(): DemoLabel[] {
  return demoFields.flatMap((field) => [
    { key: formFieldLabelKey.name(field.dictionaryName), texts: field.caption },
    ...(field.message ? [{ key: formFieldLabelKey.message(field.dictionaryName), texts: field.message }] : []),
    ...(field.subFields ?? []).map((sub) => ({
      key: formFieldLabelKey.option(field.dictionaryName, sub.value),
      texts: sub.caption,
    })),
  ]);
}

const prefixes = Object.keys(demoBrands) as ClientPrefix[];

/** Texts, input rules, lists, menu, settings, FAQ, logos, themes and resource versions. */
export async function insertResources(db: Db, ids: PortalIds, now: Date): Promise<void> {
  const clientId = (prefix: ClientPrefix) => ids.clients.id(prefix);

  const globalLabels = [...demoGlobalLabels, ...formFieldLabels()].map((label) => ({ ...label, clientId: null }));
  const clientLabels = prefixes.flatMap((prefix) =>
    demoClientLabels[prefix].map((label) => ({ ...label, clientId: clientId(prefix) })),
  );
  await db.insert(labels).values(
    [...globalLabels, ...clientLabels].flatMap((label) =>
      perCulture((culture) => ({
        clientId: label.clientId,
        culture,
        key: label.key,
        value: label.texts[culture],
        isHtml: label.isHtml ?? false,
      })),
    ),
  );

  await db.insert(inputResources).values(
    demoInputs.flatMap(({ title, placeHolder, validationMessage, ...rules }) =>
      perCulture((culture) => ({
        ...rules,
        culture,
        title: title[culture],
        placeHolder: placeHolder[culture],
        validationMessage: validationMessage[culture],
      })),
    ),
  );

  await db
    .insert(listItems)
    .values(
      Object.entries(demoLists).flatMap(([listName, items]) =>
        items.flatMap((item, order) =>
          perCulture((culture) => ({ listName, itemKey: item.key, value: item.value[culture], order, culture })),
        ),
      ),
    );

  await ensurePortalMenu(db);

  await db.insert(portalSettings).values([
    ...Object.entries(demoGlobalSettings).map(([key, value]) => ({ key, value, clientId: null })),
    ...prefixes.flatMap((prefix) =>
      Object.entries(demoClientSettings[prefix] ?? {}).map(([key, value]) => ({
        key,
        value,
        clientId: clientId(prefix),
      })),
    ),
  ]);

  await db.insert(faqQuestions).values(
    prefixes.flatMap((prefix) =>
      [...demoSharedFaq, ...demoClientFaq[prefix]].flatMap((question, order) =>
        perCulture((culture) => ({
          clientId: clientId(prefix),
          culture,
          part: question.part[culture],
          section: question.section,
          header: question.header[culture],
          tags: question.tags,
          questionText: question.text[culture],
          order,
        })),
      ),
    ),
  );

  // The provider's brand is also the global one, for pages that have no client.
  const scopes = [
    { clientId: null, brand: demoBrands.AUL },
    ...prefixes.map((prefix) => ({ clientId: clientId(prefix), brand: demoBrands[prefix] })),
  ];
  const encoder = new TextEncoder();
  await db.insert(clientAssets).values(
    scopes.flatMap(({ clientId, brand }) =>
      clientAssetKinds.map((kind) => ({
        clientId,
        kind,
        contentType: 'image/svg+xml',
        bytes: encoder.encode(logoSvg(brand, kind)),
      })),
    ),
  );
  await db.insert(themes).values(scopes.map(({ clientId, brand }) => ({ clientId, ...brand.theme })));

  const version = dateVersion(now);
  await db.insert(resourceVersions).values(scopes.map(({ clientId }) => ({ clientId, version })));
}
