/**
 * Finds user-visible words written as literals in JSX: text children, and string literals
 * given to the attributes a person reads or hears (aria-label, title, placeholder, alt,
 * label). Words belong in the catalog (src/app/messages/en-ui.ts).
 */
import ts from 'typescript';

/** Attributes whose value is shown or read aloud. */
const VISIBLE_ATTRIBUTES = new Set(['aria-label', 'title', 'placeholder', 'alt', 'label']);

/** Names that are the same in every language. */
const NAMES = new Set(['Cove', 'Git', 'Python', 'MCP', 'JSON', 'Markdown', 'URL', 'API']);

export interface LiteralText {
  line: number;
  text: string;
}

/** Words a person reads: any letter, unless it is only names that are not translated. */
function isWords(text: string): boolean {
  const trimmed = text.trim();
  if (!/\p{L}/u.test(trimmed)) return false;
  // An example address (a placeholder's https://host/path) reads the same in every language.
  if (/^[a-z]+:\/\/\S+$/.test(trimmed)) return false;
  return !trimmed.split(/[\s·,/()]+/).every((word) => word === '' || NAMES.has(word));
}

/** String literals an attribute's expression can evaluate to: `a ? 'x' : 'y'`, `'x'`, `` `x` ``. */
function literalsOf(node: ts.Expression): ts.Node[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node];
  if (ts.isTemplateExpression(node))
    return [node.head, ...node.templateSpans.map((s) => s.literal)];
  if (ts.isConditionalExpression(node))
    return [...literalsOf(node.whenTrue), ...literalsOf(node.whenFalse)];
  if (ts.isBinaryExpression(node)) return [...literalsOf(node.left), ...literalsOf(node.right)];
  if (ts.isParenthesizedExpression(node)) return literalsOf(node.expression);
  return [];
}

function textOf(node: ts.Node): string {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node))
    return node.text;
  return node.getText();
}

/** The literal words in the TSX `source`, with their lines. */
export function findLiteralText(fileName: string, source: string): LiteralText[] {
  const file = ts.createSourceFile(
    fileName,
    source,
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const found: LiteralText[] = [];
  const add = (node: ts.Node, text: string) => {
    if (!isWords(text)) return;
    const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
    found.push({ line: line + 1, text: text.trim().replace(/\s+/g, ' ') });
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) add(node, node.text);
    if (ts.isJsxExpression(node) && node.expression && ts.isJsxElement(node.parent)) {
      for (const literal of literalsOf(node.expression)) add(literal, textOf(literal));
    }
    if (ts.isJsxAttribute(node) && VISIBLE_ATTRIBUTES.has(node.name.getText(file))) {
      const value = node.initializer;
      if (value && ts.isStringLiteral(value)) add(value, value.text);
      if (value && ts.isJsxExpression(value) && value.expression) {
        for (const literal of literalsOf(value.expression)) add(literal, textOf(literal));
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}
