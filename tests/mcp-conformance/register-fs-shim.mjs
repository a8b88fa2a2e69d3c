/** `node --import` this to run the conformance CLI on Node 20 (see fs-shim-hooks.mjs). */
import { register } from 'node:module';

register('./fs-shim-hooks.mjs', import.meta.url);
