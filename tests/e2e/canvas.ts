/**
 * Mouse steps on the bpmn-js designer canvas shared by the designer, panel and whole-flow e2e
 * tests (workflow spec §2 "Process model designer").
 */
import { expect, type Locator, type Page } from '@playwright/test';

export type Point = { x: number; y: number };

/** Centre of a locator's box. */
export async function centre(l: Locator): Promise<Point> {
  const box = (await l.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Drags with the mouse from `from` to `to`, in steps so diagram-js sees the moves. */
export async function drag(page: Page, from: Point, to: Point) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 10, from.y + 10, { steps: 3 });
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page.mouse.up();
}

/** The diagram element with that id on the designer's canvas. */
export const shape = (page: Page, id: string) => page.locator(`.bpmn-designer-canvas .djs-element[data-element-id="${id}"]`);

/**
 * Selects diagram element `id` by clicking its centre after a click on empty canvas at `empty`;
 * retried, because a closing dialog, popup or drawer may still take the first clicks.
 */
export async function select(page: Page, id: string, empty: Point) {
  await expect(async () => {
    await page.mouse.click(empty.x, empty.y);
    const p = await centre(shape(page, id));
    await page.mouse.click(p.x, p.y);
    await expect(page.locator('.bpmn-designer-canvas .djs-element.selected')).toHaveAttribute('data-element-id', id, { timeout: 1500 });
  }).toPass({ timeout: 10_000 });
}

/** Clicks entry `action` of the open context pad (of the selected element). */
export async function pad(page: Page, action: string) {
  const entry = page.locator(`.djs-context-pad.open .entry[data-action="${action}"]`);
  await expect(entry).toBeVisible();
  await entry.click();
}
