/**
 * Mouse steps on the bpmn-js designer canvas shared by the designer, panel and whole-flow e2e
 * tests (workflow spec §2 "Process model designer").
 */
import type { Locator, Page } from '@playwright/test';

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
