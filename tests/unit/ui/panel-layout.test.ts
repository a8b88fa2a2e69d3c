import { describe, expect, it } from 'vitest';
import {
  ASSISTANT_MIN_WIDTH,
  fitPanels,
  SIDEBAR_MIN_WIDTH,
  type SavedLayout,
} from '../../../src/ui/shell/panel-layout';

const saved: SavedLayout = {
  sidebarWidth: 260,
  assistantWidth: 360,
  outputHeight: 260,
  sidebarCollapsed: false,
  assistantCollapsed: false,
  outputCollapsed: false,
};

const editorWidth = (width: number, fit: ReturnType<typeof fitPanels>) =>
  width - fit.sidebarWidth - fit.assistantWidth - 8;

describe('fitting the panels into the window', () => {
  it('draws the saved sizes where they fit (1400 × 900)', () => {
    const fit = fitPanels(saved, 1400, 860);
    expect(fit).toMatchObject({ sidebarWidth: 260, assistantWidth: 360, outputHeight: 260 });
  });

  it('narrows the side panels so the editor keeps a fair share (800 × 600)', () => {
    const fit = fitPanels(saved, 800, 560);
    expect(editorWidth(800, fit)).toBeGreaterThanOrEqual(360);
    expect(fit.sidebarWidth).toBeLessThan(260);
    expect(fit.assistantWidth).toBeLessThan(360);
    expect(fit.sidebarWidth).toBeGreaterThanOrEqual(SIDEBAR_MIN_WIDTH);
    expect(fit.assistantWidth).toBeGreaterThanOrEqual(ASSISTANT_MIN_WIDTH);
    // The output panel is capped so the editor keeps more than half the height.
    expect(560 - 4 - fit.outputHeight).toBeGreaterThan(560 * 0.55 - 1);
  });

  it('never draws a side panel below its minimum, even when the editor gets less', () => {
    const fit = fitPanels({ ...saved, sidebarWidth: 600, assistantWidth: 800 }, 700, 560);
    expect(fit.sidebarWidth).toBe(SIDEBAR_MIN_WIDTH);
    expect(fit.assistantWidth).toBe(ASSISTANT_MIN_WIDTH);
  });

  it('gives the room of a collapsed panel to the other', () => {
    const fit = fitPanels({ ...saved, assistantCollapsed: true, sidebarWidth: 500 }, 800, 560);
    expect(fit.sidebarWidth).toBe(800 - 4 - 360);
    // Its own saved width is kept for when it opens again.
    expect(fit.assistantWidth).toBe(360);
  });

  it('keeps the splitters within what fits', () => {
    const fit = fitPanels(saved, 800, 560);
    expect(fit.sidebarMax + fit.assistantWidth + 8 + 360).toBeLessThanOrEqual(800);
    expect(fit.outputMax).toBeGreaterThanOrEqual(fit.outputHeight);
  });
});
