import { Readability } from '@mozilla/readability';
import TurndownService from 'turndown';

/**
 * A parsed HTML document: the DOM's Document, named through Readability's signature so the
 * DOM-free tools layer never refers to DOM types itself.
 */
export type HtmlDocument = ConstructorParameters<typeof Readability>[0];

/** A web page as Markdown. */
export interface PageMarkdown {
  title: string;
  markdown: string;
  /** True when Readability found the main article; false when the whole body was converted. */
  article: boolean;
}

/** Elements whose content a reader never sees as text. */
const HIDDEN = new Set([
  'script',
  'style',
  'noscript',
  'iframe',
  'template',
  'svg',
  'canvas',
  'form',
]);

function turndown(): TurndownService {
  const service = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    emDelimiter: '*',
  });
  // What a reader never sees; keeping it would only spend the model's context.
  service.remove((node) => HIDDEN.has(node.nodeName.toLowerCase()));
  return service;
}

/**
 * The readable part of an HTML page as Markdown: Readability picks the article (dropping
 * navigation, ads and footers), Turndown writes it as Markdown with absolute links. Pages
 * that are not articles (an index, a form) are converted whole. `parse` builds documents
 * (the app's DOMParser, jsdom in tests); this module never touches a global DOM.
 */
export function htmlToMarkdown(
  html: string,
  url: string,
  parse: (html: string, url: string) => HtmlDocument,
): PageMarkdown {
  const document = parse(html, url);
  const fallbackTitle = (document.title ?? '').trim();
  // Readability changes the document it reads; give it its own copy.
  const article = new Readability(parse(html, url), { charThreshold: 200 }).parse();
  const service = turndown();
  if (article?.content) {
    const body = parse(article.content, url).body;
    return {
      title: (article.title ?? fallbackTitle).trim(),
      markdown: tidy(service.turndown(body)),
      article: true,
    };
  }
  return { title: fallbackTitle, markdown: tidy(service.turndown(document.body)), article: false };
}

/** Collapses the blank-line runs conversion leaves behind. */
function tidy(markdown: string): string {
  return markdown.replace(/\n{3,}/g, '\n\n').trim();
}
