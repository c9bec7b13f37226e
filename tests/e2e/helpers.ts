/**
 * Shared steps of the e2e tests: sign-in (through the REST login, or through the login form where
 * the form is what a test checks), screenshots into test-results/ when E2E_SHOTS=1.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';

export const ADMIN = { username: 'admin', password: 'admin123' };

/** Fills the login form and submits it (the page must show /login). */
export async function submitLogin(page: Page, username: string, password: string) {
  await page.getByPlaceholder('账号').fill(username);
  await page.getByPlaceholder('密码').fill(password);
  await page.getByRole('button', { name: '登 录' }).click();
}

/** Opens /login and signs in as `user` through the form (the form's own specs); waits for the layout. */
export async function signInThroughForm(page: Page, user = ADMIN) {
  await page.goto('#/login');
  await submitLogin(page, user.username, user.password);
  await expect(page.getByTestId('layout')).toBeVisible();
}

/**
 * Signs in as `user` the way the login form ends: POST /caishui-api/login (captcha is off on the
 * e2e server), the token in the `rs-token` cookie the client reads (client/src/lib/auth-storage.ts),
 * then a fresh load of the home page; waits for the layout. The form itself is covered by
 * signin, auth and admin-settings (signInThroughForm / submitLogin); skipping it here saves a page
 * render and the typing in each of ~100 sign-ins. A full load (through about:blank) also drops the
 * previous user's client state when a test switches users on one page.
 */
export async function signIn(page: Page, user = ADMIN) {
  const res = await page.request.post('/caishui-api/login', { data: { username: user.username, password: user.password } });
  const body = (await res.json()) as { code?: number; token?: string; msg?: string };
  expect(body.code, `login of ${user.username}: ${body.msg}`).toBe(200);
  const { hostname } = new URL(test.info().project.use.baseURL ?? '');
  await page.context().addCookies([{ name: 'rs-token', value: String(body.token), domain: hostname, path: '/', sameSite: 'Lax' }]);
  await page.goto('about:blank');
  await page.goto('#/index');
  await expect(page.getByTestId('layout')).toBeVisible();
}

/**
 * Screenshots are for looking at the screens (`E2E_SHOTS=1 npx playwright test`), not for asserting:
 * off by default, so `npm test` does not spend ~200 worker-seconds on images nobody opens. A failed
 * test still gets its screenshot (playwright.config.ts `screenshot: 'only-on-failure'`).
 */
export const SHOTS = process.env.E2E_SHOTS === '1';

/**
 * Saves a screenshot of `target` (a page or one element) as test-results/<name>.png when E2E_SHOTS=1;
 * nothing otherwise. Every picture of the e2e tests goes there, inside the project.
 */
export async function picture(target: Page | Locator, name: string, options: { fullPage?: boolean } = {}) {
  if (!SHOTS) return;
  await target.screenshot({ path: `test-results/${name}.png`, ...options });
}

/**
 * Waits until the page's spinners are gone; with E2E_SHOTS=1 also saves a full-page screenshot as
 * test-results/<name>.png once animations are done.
 */
export async function shot(page: Page, name: string) {
  await expect(page.getByTestId('page-loading')).toHaveCount(0);
  if (!SHOTS) return;
  await page.waitForTimeout(450);
  await picture(page, name, { fullPage: true });
}

/** Waits until the CSS animations on `target` and inside it (a dialog's scale-in, a drawer's slide) have ended, e.g. before measuring a box. */
export async function animationsDone(target: Locator) {
  await target.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
}

/**
 * Ticks a row's checkbox or radio in a list table once the table has stopped loading (its
 * spinner mask, `aria-busy`, would catch a forced click) and checks that it took; retried while
 * a refetch re-renders the rows.
 */
export async function checkRow(table: Locator, row: Locator, role: 'checkbox' | 'radio' = 'checkbox') {
  const input = row.getByRole(role).first();
  await expect(async () => {
    await expect(table.locator('xpath=descendant-or-self::*[@aria-busy="true"]')).toHaveCount(0);
    if (!(await input.isChecked())) await input.click({ force: true });
    await expect(input).toBeChecked({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

/**
 * Types `text` into a date picker's text box (a DatePicker, DateRangePicker or TimeField box) and
 * leaves it, as a user does: the box then shows the value in the spec format (yyyy-MM-dd, …), or
 * its previous value when the text is no date.
 */
export async function typeDate(box: Locator, text: string) {
  await box.fill(text);
  await box.blur();
}

/**
 * Picks `days` (yyyy-MM-dd) in the calendar of `picker` (the `date-picker` or `date-range` root):
 * opens it with 打开日历 unless it is open, moves to each day's month with 上个月 / 下个月, and
 * clicks the day. A range takes two days; a single picker one.
 */
export async function pickDays(picker: Locator, days: string[]) {
  const calendar = picker.getByTestId('calendar');
  if (!(await calendar.isVisible())) await picker.getByRole('button', { name: '打开日历' }).click();
  await expect(calendar).toBeVisible();
  const inMonth = '[data-part="table-cell-trigger"]:not([data-outside-range])';
  for (const day of days) {
    for (let i = 0; i < 600; i++) {
      const shown = ((await calendar.locator(inMonth).first().getAttribute('data-value')) ?? '').slice(0, 7);
      if (shown === day.slice(0, 7)) break;
      await calendar.getByRole('button', { name: shown < day ? '下个月' : '上个月' }).click();
    }
    await calendar.locator(`${inMonth}[data-value="${day}"]`).click();
  }
}
