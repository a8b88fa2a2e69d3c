/**
 * Builds the document of the live preview from a workspace HTML file (pure, over a file
 * reader). The preview runs in an opaque-origin sandbox frame without a service worker, so
 * it cannot fetch anything of Cove's origin: every workspace file the page names is put
 * inside the document. Style sheets become `<style>` text, images, fonts and other media
 * become `data:` URLs, and scripts are handed to the frame as text, which the frame's own
 * loader turns into `blob:` URLs of its origin (the only scripts both its policy and the
 * page's inherited policy allow: see src/runtime/sandbox/preview-frame.ts).
 *
 * Addresses of other hosts are left as written; the frame's Content-Security-Policy then
 * allows or refuses them. A file the page names that is not in the workspace becomes a
 * problem the preview's console shows ("style.css not found in the workspace"), never a
 * silent gap.
 */
import type { FileContent } from '../../store/records';
import { rewriteCss, type CssReference } from './css-references';
import { fileDataUrl, fileText, mediaTypeOf } from './data-url';
import {
  escapeAttribute,
  tokenizeHtml,
  writeStartTag,
  type HtmlAttribute,
  type HtmlToken,
} from './html-tokens';
import { findModuleSpecifiers, isRelativeSpecifier } from './module-specifiers';
import {
  fileLiterals,
  SERVED_BYTES_LIMIT,
  SERVED_FILES_LIMIT,
  servedBytes,
  type ServedFile,
} from './served-files';
import { resolveReference } from './workspace-reference';

/** Reads a workspace file: its content, or undefined when there is no such file. */
export type PreviewFileReader = (path: string) => Promise<FileContent | undefined>;

/** One script of the page, as text the frame turns into a `blob:` URL. */
export interface PreviewScript {
  /** The file it came from, or "page.html (inline script)": what error locations show. */
  name: string;
  text: string;
  /** An ES module (`type="module"`, or imported by one). */
  module: boolean;
  /**
   * Specifiers to replace, in order of position, by the `blob:` URL of another script of
   * the page, always one of a lower index: the frame makes the URLs in index order.
   */
  imports: { start: number; end: number; script: number }[];
}

/** The preview's document, ready for the frame. */
export interface PreviewPage {
  /**
   * The HTML in pieces: between two strings a number says "` src="<blob: URL of script n>"`
   * goes here" (inside a `<script` start tag).
   */
  parts: (string | number)[];
  scripts: PreviewScript[];
  /** Files the page's scripts name, which its `fetch` gets from memory (served-files.ts). */
  served: ServedFile[];
  /** Every workspace path the page used or looked for, the HTML file first: a change to one reloads it. */
  files: string[];
  /** What could not be put in, worded for the preview's console. */
  problems: string[];
}

/** Script types the browser runs; anything else (`text/template`, JSON) is data, kept as written. */
const CLASSIC_TYPES = new Set([
  '',
  'text/javascript',
  'application/javascript',
  'text/ecmascript',
  'application/ecmascript',
  'application/x-javascript',
]);

/** `<link rel>` values whose `href` is a file shown as a picture (favicons). */
const ICON_RELS = new Set(['icon', 'shortcut icon', 'apple-touch-icon']);

/** Attributes holding one URL of a file the element shows or plays. */
const MEDIA_ATTRIBUTES: Record<string, readonly string[]> = {
  img: ['src'],
  source: ['src'],
  video: ['src', 'poster'],
  audio: ['src'],
  track: ['src'],
  input: ['src'],
  embed: ['src'],
  object: ['data'],
};

/**
 * Builds the preview of the HTML file at `entry`. `policy` is the frame's
 * Content-Security-Policy: its `<meta>` is put first in the document (after the doctype,
 * which must stay first or the page would change mode), before anything that could load.
 * Never throws for a page's own problems (they go to `problems`); a missing entry file is
 * a problem too, with an empty page.
 */
export async function buildPreviewPage(
  entry: string,
  read: PreviewFileReader,
  policy: string,
): Promise<PreviewPage> {
  return new PageBuilder(read).build(entry, policy);
}

class PageBuilder {
  private readonly files = new Set<string>();
  private readonly problems: string[] = [];
  private readonly scripts: PreviewScript[] = [];
  /** Module scripts by path: their index, or 'loading' while their imports are read. */
  private readonly modules = new Map<string, number | 'loading'>();
  private readonly reads = new Map<string, Promise<FileContent | undefined>>();
  private readonly parts: (string | number)[] = [];
  private text = '';

  constructor(private readonly readFile: PreviewFileReader) {}

  async build(entry: string, policy: string): Promise<PreviewPage> {
    const content = await this.read(entry);
    // No policy covers the browser resolving host names a page merely names: prefetching is
    // turned off for the document, so a name cannot carry data to a DNS server.
    const meta = `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(policy)}"><meta http-equiv="x-dns-prefetch-control" content="off">`;
    if (content === undefined) {
      this.problems.push(`${entry} not found in the workspace`);
      this.emit(`<!doctype html>${meta}`);
    } else {
      const html = fileText(content);
      const doctype = /^\uFEFF?\s*<!doctype[^>]*>/i.exec(html);
      const head = doctype ? doctype[0] : '';
      this.emit(head + meta);
      await this.html(entry, html.slice(head.length));
    }
    this.flush();
    const served = await this.served(entry);
    return {
      parts: this.parts,
      scripts: this.scripts,
      served,
      files: [...this.files],
      problems: this.problems,
    };
  }

  /** The workspace files the scripts name as literals, for the page's fetch (served-files.ts). */
  private async served(entry: string): Promise<ServedFile[]> {
    const served: ServedFile[] = [];
    const named = new Set<string>();
    let bytes = 0;
    for (const script of this.scripts) {
      // An import's specifier is linked to its module already, not fetched.
      const imported = new Set(findModuleSpecifiers(script.text).map((found) => found.specifier));
      for (const name of fileLiterals(script.text)) {
        if (named.has(name) || imported.has(name)) continue;
        named.add(name);
        const target = resolveReference(entry, name);
        if (target.kind !== 'file') continue;
        const content = await this.read(target.path);
        if (content === undefined) continue;
        const size = servedBytes(content);
        if (served.length >= SERVED_FILES_LIMIT || bytes + size > SERVED_BYTES_LIMIT) {
          this.problems.push(
            `${target.path} is not served to fetch: the preview serves at most ${SERVED_FILES_LIMIT} files and ${SERVED_BYTES_LIMIT / 1024 / 1024} MB to a page`,
          );
          continue;
        }
        bytes += size;
        served.push({ name, path: target.path, type: mediaTypeOf(target.path), content });
      }
    }
    return served;
  }

  private emit(text: string): void {
    this.text += text;
  }

  private emitScriptSource(index: number): void {
    this.flush();
    this.parts.push(index);
  }

  private flush(): void {
    if (this.text) this.parts.push(this.text);
    this.text = '';
  }

  private read(path: string): Promise<FileContent | undefined> {
    this.files.add(path);
    let pending = this.reads.get(path);
    if (!pending) {
      pending = this.readFile(path).catch(() => undefined);
      this.reads.set(path, pending);
    }
    return pending;
  }

  /** The workspace file `reference` names from `from`, or undefined (problem noted) when there is none. */
  private async file(
    from: string,
    reference: string,
  ): Promise<{ path: string; content: FileContent } | 'external' | undefined> {
    const target = resolveReference(from, reference);
    if (target.kind === 'external') return 'external';
    if (target.kind === 'invalid') {
      this.problems.push(`${target.reason} (in ${from})`);
      return undefined;
    }
    const content = await this.read(target.path);
    if (content === undefined) {
      this.problems.push(`${target.path} not found in the workspace (named in ${from})`);
      return undefined;
    }
    return { path: target.path, content };
  }

  private async html(path: string, html: string): Promise<void> {
    const tokens = tokenizeHtml(html);
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i]!;
      if (token.kind !== 'start-tag') {
        if (token.kind === 'raw-text' && token.element === 'style') {
          this.emit(await this.css(path, html.slice(token.start, token.end), []));
        } else this.emit(html.slice(token.start, token.end));
        continue;
      }
      if (token.name === 'script') {
        const body = tokens[i + 1]?.kind === 'raw-text' ? tokens[i + 1]! : undefined;
        if (body) i++;
        await this.script(path, token, body ? html.slice(body.start, body.end) : '');
        continue;
      }
      await this.tag(path, token, html.slice(token.start, token.end));
    }
  }

  private async tag(
    path: string,
    token: HtmlToken & { kind: 'start-tag' },
    original: string,
  ): Promise<void> {
    const get = (name: string) => token.attributes.find((a) => a.name === name)?.value;
    const rel = (get('rel') ?? '').trim().toLowerCase();
    const href = get('href');
    if (token.name === 'link' && rel.split(/\s+/).includes('stylesheet') && href !== undefined) {
      const found = await this.file(path, href);
      if (found === 'external') return this.emit(original);
      if (!found) return;
      const media = get('media');
      const css = await this.css(found.path, fileText(found.content), [found.path]);
      this.emit(`<style${media ? ` media="${escapeAttribute(media)}"` : ''}>${css}</style>`);
      return;
    }
    const urlAttributes = [
      ...(MEDIA_ATTRIBUTES[token.name] ?? []),
      ...(token.name === 'link' && ICON_RELS.has(rel) ? ['href'] : []),
    ];
    let changed = false;
    const attributes: HtmlAttribute[] = [];
    for (const attribute of token.attributes) {
      let value = attribute.value;
      if (value !== undefined && urlAttributes.includes(attribute.name)) {
        const inlined = await this.dataUrl(path, value);
        if (inlined !== undefined) value = inlined;
      } else if (value !== undefined && attribute.name === 'srcset') {
        value = await this.srcset(path, value);
      } else if (value !== undefined && attribute.name === 'style' && value.includes('url(')) {
        value = await this.css(path, value, []);
      }
      if (value !== attribute.value) changed = true;
      attributes.push({ name: attribute.name, value });
    }
    this.emit(changed ? writeStartTag(token.name, attributes, token.selfClosing) : original);
  }

  /** A data: URL of the file `reference` names, or undefined when it is external or missing. */
  private async dataUrl(from: string, reference: string): Promise<string | undefined> {
    const found = await this.file(from, reference);
    if (found === 'external' || !found) return undefined;
    return fileDataUrl(found.path, found.content);
  }

  private async srcset(from: string, value: string): Promise<string> {
    const candidates = value.split(',').map((candidate) => candidate.trim());
    const out: string[] = [];
    for (const candidate of candidates) {
      const [url = '', ...descriptor] = candidate.split(/\s+/);
      const inlined = url ? await this.dataUrl(from, url) : undefined;
      out.push([inlined ?? url, ...descriptor].join(' '));
    }
    return out.join(', ');
  }

  /**
   * A style sheet with its `url()`s as data: URLs and its `@import`s replaced by the
   * imported sheets' text (a `<style>` cannot import a data: sheet under the page's
   * inherited policy). `chain` holds the sheets being imported, against import cycles.
   */
  private css(from: string, css: string, chain: readonly string[]): Promise<string> {
    return rewriteCss(css, async (reference: CssReference) => {
      if (reference.kind === 'url') {
        const inlined = await this.dataUrl(from, reference.url);
        return inlined === undefined ? undefined : `url("${inlined}")`;
      }
      const found = await this.file(from, reference.url);
      if (found === 'external') return undefined;
      if (!found) return '';
      if (chain.includes(found.path)) {
        this.problems.push(`${found.path} imports itself (through ${chain.join(' → ')}); skipped`);
        return '';
      }
      const text = await this.css(found.path, fileText(found.content), [...chain, found.path]);
      return reference.media ? `@media ${reference.media} {\n${text}\n}` : text;
    });
  }

  /** Writes a `<script>` start tag (its text, if any, goes to the frame as a script). */
  private async script(
    path: string,
    token: HtmlToken & { kind: 'start-tag' },
    inline: string,
  ): Promise<void> {
    const type = (token.attributes.find((a) => a.name === 'type')?.value ?? '')
      .trim()
      .toLowerCase();
    const module = type === 'module';
    const src = token.attributes.find((a) => a.name === 'src')?.value;
    const kept = token.attributes.filter(
      (a) => a.name !== 'src' && a.name !== 'integrity' && a.name !== 'crossorigin',
    );
    if (type === 'importmap') {
      // Cove's page policy, which the frame inherits, refuses inline import maps, and the
      // builder links relative imports itself; bare names have nowhere to come from.
      this.problems.push(
        `${path} has an import map, which the preview does not use: import files by relative path ("./lib.js")`,
      );
      this.emit(
        `${writeStartTag('script', [{ name: 'type', value: 'application/json' }])}${inline}`,
      );
      return;
    }
    if (!module && !CLASSIC_TYPES.has(type)) {
      // A data block (a template, JSON): not run, so written as it was.
      this.emit(`${writeStartTag('script', token.attributes)}${inline}`);
      return;
    }
    let index: number | undefined;
    if (src !== undefined) {
      const target = resolveReference(path, src);
      if (target.kind === 'external') {
        this.emit(writeStartTag('script', token.attributes));
        return;
      }
      if (target.kind === 'invalid') {
        this.problems.push(`${target.reason} (in ${path})`);
      } else if (module) {
        index = await this.module(target.path, path);
      } else {
        const content = await this.read(target.path);
        if (content === undefined) {
          this.problems.push(`${target.path} not found in the workspace (named in ${path})`);
        } else {
          index = await this.addScript(target.path, fileText(content), false);
        }
      }
    } else if (inline.trim()) {
      index = await this.addScript(path, inline, module, `${path} (inline script)`);
    }
    // The script's text goes to the frame; its element stays, empty, where it was (the
    // end tag that follows in the source is copied through as it is).
    this.emit(writeStartTag('script', kept).slice(0, -1));
    if (index !== undefined) this.emitScriptSource(index);
    this.emit('>');
  }

  /** The index of the module at `path`, adding it and what it imports first. */
  private async module(path: string, importer: string): Promise<number | undefined> {
    const known = this.modules.get(path);
    if (known === 'loading') {
      this.problems.push(
        `${importer} and ${path} import each other; the preview cannot load modules that import in a circle`,
      );
      return undefined;
    }
    if (known !== undefined) return known;
    const content = await this.read(path);
    if (content === undefined) {
      this.problems.push(`${path} not found in the workspace (imported by ${importer})`);
      return undefined;
    }
    this.modules.set(path, 'loading');
    const index = await this.addScript(path, fileText(content), true);
    this.modules.set(path, index);
    return index;
  }

  /**
   * Adds a script after the modules it imports (relative specifiers that name workspace
   * files), so each import can point at a URL made before it.
   */
  private async addScript(
    path: string,
    text: string,
    module: boolean,
    name = path,
  ): Promise<number> {
    const imports: PreviewScript['imports'] = [];
    for (const found of findModuleSpecifiers(text)) {
      if (!isRelativeSpecifier(found.specifier)) continue;
      const target = resolveReference(path, found.specifier);
      if (target.kind !== 'file') {
        if (target.kind === 'invalid') this.problems.push(`${target.reason} (in ${path})`);
        continue;
      }
      const script = await this.module(target.path, path);
      if (script !== undefined) imports.push({ start: found.start, end: found.end, script });
    }
    this.scripts.push({ name, text, module, imports });
    return this.scripts.length - 1;
  }
}
