/**
 * How big the panels are drawn in a window of a given size. The saved sizes are what the
 * person chose; when the window is too small for them, the side panels narrow (down to
 * their minimum widths) and the output panel gets lower, so the editor keeps a fair share
 * instead of being squeezed to a sliver. Pure: the shell measures the window and applies it.
 */
import type { LayoutPreferences } from '../../app/preferences-service';

/** Narrowest the files panel is drawn, in CSS pixels. */
export const SIDEBAR_MIN_WIDTH = 160;
/** Narrowest the assistant panel is drawn, in CSS pixels. */
export const ASSISTANT_MIN_WIDTH = 240;
/** Lowest the output panel is drawn, in CSS pixels. */
export const OUTPUT_MIN_HEIGHT = 100;
/** Share of the window's width the editor keeps when the side panels must give way. */
export const EDITOR_MIN_WIDTH_SHARE = 0.45;
/** Share of the work area's height the editor keeps when the output panel must give way. */
export const EDITOR_MIN_HEIGHT_SHARE = 0.55;
/** Width of a splitter between two panels. */
export const SPLITTER_SIZE = 4;

/** The saved layout, as the preferences hold it. */
export type SavedLayout = LayoutPreferences;

/** Sizes to draw, in CSS pixels, and how far each splitter may go in this window. */
export interface FittedLayout {
  sidebarWidth: number;
  assistantWidth: number;
  outputHeight: number;
  sidebarMax: number;
  assistantMax: number;
  outputMax: number;
}

/**
 * Fits `saved` into a work area of `width` × `height` (below the header). Side panels
 * give up width in proportion to what each can still give, never below their minimum; the
 * output panel is capped so the editor keeps {@link EDITOR_MIN_HEIGHT_SHARE} of the height.
 */
export function fitPanels(saved: SavedLayout, width: number, height: number): FittedLayout {
  const sidebar = saved.sidebarCollapsed ? 0 : Math.max(SIDEBAR_MIN_WIDTH, saved.sidebarWidth);
  const assistant = saved.assistantCollapsed
    ? 0
    : Math.max(ASSISTANT_MIN_WIDTH, saved.assistantWidth);
  const splitters =
    (saved.sidebarCollapsed ? 0 : SPLITTER_SIZE) + (saved.assistantCollapsed ? 0 : SPLITTER_SIZE);
  const sideRoom = Math.max(0, width - splitters - Math.round(width * EDITOR_MIN_WIDTH_SHARE));
  let sidebarWidth = sidebar;
  let assistantWidth = assistant;
  const excess = sidebar + assistant - sideRoom;
  if (excess > 0) {
    const sidebarSlack = saved.sidebarCollapsed ? 0 : sidebar - SIDEBAR_MIN_WIDTH;
    const assistantSlack = saved.assistantCollapsed ? 0 : assistant - ASSISTANT_MIN_WIDTH;
    const slack = sidebarSlack + assistantSlack;
    const give = Math.min(excess, slack);
    if (slack > 0) {
      const fromSidebar = Math.round((give * sidebarSlack) / slack);
      sidebarWidth -= fromSidebar;
      assistantWidth -= give - fromSidebar;
    }
  }
  const outputMax = Math.max(
    OUTPUT_MIN_HEIGHT,
    height - SPLITTER_SIZE - Math.round(height * EDITOR_MIN_HEIGHT_SHARE),
  );
  const other = (w: number, collapsed: boolean) => (collapsed ? 0 : w);
  // A collapsed panel is not drawn; its saved width is kept for when it opens again.
  return {
    sidebarWidth: saved.sidebarCollapsed ? saved.sidebarWidth : sidebarWidth,
    assistantWidth: saved.assistantCollapsed ? saved.assistantWidth : assistantWidth,
    outputHeight: Math.min(outputMax, Math.max(OUTPUT_MIN_HEIGHT, saved.outputHeight)),
    sidebarMax: Math.max(
      SIDEBAR_MIN_WIDTH,
      sideRoom - other(assistantWidth, saved.assistantCollapsed),
    ),
    assistantMax: Math.max(
      ASSISTANT_MIN_WIDTH,
      sideRoom - other(sidebarWidth, saved.sidebarCollapsed),
    ),
    outputMax,
  };
}
