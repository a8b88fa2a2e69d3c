/** Simplified Chinese: a chunk of its own, loaded only when Chinese is chosen (./catalog.ts). */
import type { Catalog } from './catalog';
import { zhErrors } from './zh-errors';
import { zhUi } from './zh-ui';

export const zhCatalog: Catalog = { locale: 'zh-CN', ui: zhUi, errors: zhErrors };
