// Enforces the layer picture of docs/ARCHITECTURE.md: an import may point to the same layer
// or down, never up. Layers are folders under src/ (plus workers/); the rank table below is
// the single source of truth and ARCHITECTURE.md draws it.
import path from 'node:path';

/** Higher rank sits higher in the picture. Same-rank layers may not import each other. */
export const LAYER_RANKS = {
  ui: 90,
  app: 80,
  agent: 70,
  mcp: 60,
  runtime: 60,
  render: 60,
  tools: 50,
  llm: 40,
  workspace: 30,
  store: 20,
  base: 10,
};

/** Worker entry points may use the runtime protocol and everything below it. */
const WORKERS_RANK = 65;

function layerOf(file, root) {
  const rel = path.relative(root, file).split(path.sep);
  if (rel[0] === 'workers') return { name: 'workers', rank: WORKERS_RANK };
  if (rel[0] !== 'src' || rel.length < 3) return null;
  const rank = LAYER_RANKS[rel[1]];
  return rank === undefined ? null : { name: rel[1], rank };
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Imports must point down the layers of docs/ARCHITECTURE.md' },
    schema: [],
    messages: {
      up: "'{{from}}' may not import from '{{to}}': imports point down the layers (see docs/ARCHITECTURE.md).",
      sideways:
        "'{{from}}' and '{{to}}' are sibling layers and may not import each other; move the shared part down a layer.",
      unknown:
        "'{{dir}}' is not a layer. Add it to eslint-rules/layer-imports.js and docs/ARCHITECTURE.md, or move the file into an existing layer.",
    },
  },
  create(context) {
    const root = context.cwd;
    const file = context.filename;
    const rel = path.relative(root, file).split(path.sep);
    const from = layerOf(file, root);
    if (rel[0] === 'src' && rel.length >= 3 && !from) {
      return {
        Program(node) {
          context.report({ node, messageId: 'unknown', data: { dir: `src/${rel[1]}` } });
        },
      };
    }
    if (!from) return {};
    function check(node, source) {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      // `?worker&url` imports the URL of a built worker, not its code: the runtime starts
      // workers, as `new Worker(new URL(...))` does, without depending on them.
      if (/\?worker&url$/.test(source)) return;
      const target = layerOf(path.resolve(path.dirname(file), source), root);
      if (!target || target.name === from.name) return;
      const data = { from: from.name, to: target.name };
      if (target.rank > from.rank) context.report({ node, messageId: 'up', data });
      else if (target.rank === from.rank) context.report({ node, messageId: 'sideways', data });
    }
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};
