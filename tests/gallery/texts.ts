import type { Culture } from '@contracts/culture';
import { catalogueKinds, readCatalogue } from '../contract/po-catalogues';

/**
 * The built-in texts of a culture (its three catalogues), by message id: how a shot finds "Add application" in English
 * and "Agregar aplicación" in Spanish with one step. A missing id fails the shot with its name.
 */
export async function textsOf(culture: Culture): Promise<(id: string) => string> {
  const catalogues = await Promise.all(catalogueKinds.map((kind) => readCatalogue(culture, kind)));
  return (id) => {
    for (const catalogue of catalogues) {
      const text = catalogue.get(id);
      if (text !== undefined && text !== '') return text;
    }
    throw new Error(`no ${culture} text for the message id ${id}`);
  };
}
