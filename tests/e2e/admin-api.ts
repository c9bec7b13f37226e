/**
 * Set-up calls of the admin e2e specs (users, roles, profile) over the REST surface, and a PNG
 * generator for the avatar test. The screens themselves are driven through the browser.
 */
import { deflateSync } from 'node:zlib';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Calls of uniq() in this worker: two calls in one millisecond still differ (a counter, not chance). */
let uniqCount = 0;

/**
 * A suffix that keeps names unique across runs, spec files and parallel workers (the server is
 * shared): the time, the worker's slot (Playwright's TEST_PARALLEL_INDEX, 0 … workers - 1) and a
 * per-worker counter digit, 7 characters at most.
 */
export const uniq = () => `${Date.now().toString(36).slice(-5)}${(Number(process.env.TEST_PARALLEL_INDEX) || 0).toString(36)}${(uniqCount++ % 36).toString(36)}`;

/** Signs in over REST and answers the bearer headers. */
export async function apiAuth(request: APIRequestContext, username = 'admin', password = 'admin123') {
  const res = await request.post('/caishui-api/login', { data: { username, password } });
  const { token } = (await res.json()) as { token: string };
  return { Authorization: `Bearer ${token}` };
}

/**
 * A message toast with `text` is shown that no earlier call has matched: each call takes one toast
 * (marked `data-e2e-seen`), so a toast of an earlier action still on screen (they stay for
 * seconds) cannot stand for the reply of the action just taken; the call waits for its own.
 */
export async function expectToast(page: Page, text: string | RegExp) {
  const toast = page.locator('[data-testid="toast"]:not([data-e2e-seen])').filter({ hasText: text }).first();
  await expect(toast).toBeVisible();
  // Gone already (closed, timed out): nothing left to mark.
  await toast.evaluate((el) => el.setAttribute('data-e2e-seen', ''), undefined, { timeout: 2000 }).catch(() => undefined);
}

/** Confirms the open 系统提示 dialog after checking its text. */
export async function confirmDialog(page: Page, text: string) {
  const dialog = page.getByTestId('confirm-dialog');
  await expect(dialog).toContainText(text);
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog).toHaveCount(0);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** An RGB PNG of width x height: four coloured quadrants with a white diagonal. */
export function makePng(width = 320, height = 240): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x++) {
      const left = x < width / 2;
      const top = y < height / 2;
      let rgb = top ? (left ? [230, 80, 70] : [60, 150, 240]) : left ? [70, 190, 110] : [250, 200, 60];
      if (Math.abs(x * (height / width) - y) < 3) rgb = [255, 255, 255];
      raw.set(rgb, row + 1 + x * 3);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
