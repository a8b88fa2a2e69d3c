import type { Tool } from '../tool';
import { fetchUrlTool } from './fetch-url-tool';
import type { WebToolContext } from './web-tool-context';

/** A web tool whose arguments the loop has validated against its schema. */
export type WebTool = Tool<Record<string, unknown>, WebToolContext>;

/** The web tools: fetch_url. A new array each call. */
export function webTools(): WebTool[] {
  return [fetchUrlTool] as WebTool[];
}
