/** German: a chunk of its own, loaded only when German is chosen (./catalog.ts). */
import type { Catalog } from './catalog';
import { deErrors } from './de-errors';
import { deUi } from './de-ui';

export const deCatalog: Catalog = { locale: 'de', ui: deUi, errors: deErrors };
