// jsdom ships no types and @types/jsdom is not installed; this is the part the tool tests
// use (an HTML parser for fetch_url's parseHtml).
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string, options?: { url?: string });
    readonly window: { document: Document };
  }
}
