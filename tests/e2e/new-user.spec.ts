/**
 * What a new user trips over (issue 11 §7), in a browser whose language is en-US: the date pickers
 * show and read the spec §9 formats (yyyy-MM-dd) with a Chinese calendar, a range picked in the
 * calendar filters 登录日志, both boxes of a range stay on a 375 px screen, and dialog and drawer
 * close buttons are named 关闭 for screen readers.
 */
import { expect, test, type Page } from '@playwright/test';
import { apiAuth, uniq } from './admin-api';
import { pickDays, shot, signIn, typeDate } from './helpers';

test.use({ locale: 'en-US' });

const pad = (n: number) => String(n).padStart(2, '0');
const dayText = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** Today in the browser's time zone, as the calendar sees it. */
async function browserToday(page: Page) {
  const [y, m, d] = await page.evaluate(() => { const n = new Date(); return [n.getFullYear(), n.getMonth() + 1, n.getDate()]; });
  return new Date(y, m - 1, d);
}

test('date range: yyyy-MM-dd typed and shown in an en-US browser, a Chinese calendar, a picked range filters 登录日志', async ({ page }) => {
  await signIn(page);
  await page.goto('#/system/log/logininfor');
  const list = page.getByTestId('logininfor-list');
  const range = list.getByTestId('date-range');
  const begin = range.getByRole('textbox', { name: '开始日期' });
  const end = range.getByRole('textbox', { name: '结束日期' });
  await expect(begin).toHaveAttribute('placeholder', '开始日期');
  await expect(end).toHaveAttribute('placeholder', '结束日期');
  expect(await begin.evaluate((el) => (el as HTMLInputElement).type)).toBe('text');

  // Typing: the spec format (one-digit parts are padded); the browser's mm/dd/yyyy is no date.
  await typeDate(begin, '2026-1-5');
  await expect(begin).toHaveValue('2026-01-05');
  await typeDate(end, '01/31/2026');
  await expect(end).toHaveValue('');
  await typeDate(end, '2026-01-31');
  await expect(end).toHaveValue('2026-01-31');
  // A begin after the end swaps them.
  await typeDate(begin, '2026-02-10');
  await expect(begin).toHaveValue('2026-01-31');
  await expect(end).toHaveValue('2026-02-10');
  await list.getByRole('button', { name: '重置' }).click();
  await expect(begin).toHaveValue('');
  await expect(end).toHaveValue('');

  // The calendar speaks Chinese: header 2026年11月, weekdays 日…六, day and button names.
  const today = await browserToday(page);
  const [y, m, d] = [today.getFullYear(), today.getMonth() + 1, today.getDate()];
  await range.getByRole('button', { name: '打开日历' }).click();
  const calendar = range.getByTestId('calendar');
  await expect(calendar).toBeVisible();
  await expect(calendar.locator('[data-part="view-trigger"]:visible')).toHaveText(`${y}年${m}月`);
  await expect(calendar.locator('thead th')).toHaveText(['日', '一', '二', '三', '四', '五', '六']);
  await expect(calendar.getByRole('button', { name: '上个月' })).toBeVisible();
  await expect(calendar.getByRole('button', { name: '下个月' })).toBeVisible();
  await expect(calendar.getByRole('button', { name: new RegExp(`^${y}年${m}月${d}日星期[日一二三四五六]$`) })).toBeVisible();
  await expect(calendar.getByText(/January|February|March|April|May|June|July|August|September|October|November|December|Sun|Mon/)).toHaveCount(0);
  await shot(page, 'new-user-calendar-day');
  // Month view: 1月 … 12月; choosing one goes back to its days.
  await calendar.getByRole('button', { name: '切换到月视图' }).click();
  await expect(calendar.locator('[data-view="month"] [data-part="table-cell-trigger"]:visible')).toHaveText(
    Array.from({ length: 12 }, (_, i) => `${i + 1}月`),
  );
  await calendar.getByRole('button', { name: '上一年' }).click();
  await expect(calendar.locator('[data-part="view-trigger"]:visible')).toHaveText(`${y - 1}年`);
  await calendar.getByRole('button', { name: '下一年' }).click();
  await calendar.locator('[data-view="month"] [data-part="table-cell-trigger"]:visible').nth(m - 1).click();
  await expect(calendar.locator('[data-part="view-trigger"]:visible')).toHaveText(`${y}年${m}月`);

  // A range picked in the calendar (the 1st of this month … today) lists today's sign-in.
  const first = `${y}-${pad(m)}-01`;
  await pickDays(range, [first, dayText(today)]);
  await expect(calendar).toBeHidden();
  await expect(begin).toHaveValue(first);
  await expect(end).toHaveValue(dayText(today));
  await list.getByRole('button', { name: '搜索', exact: true }).click();
  const table = list.getByTestId('logininfor-table');
  await expect(table.getByRole('row').filter({ hasText: 'admin' }).first()).toContainText('登录成功');
  await shot(page, 'new-user-range-filtered');

  // Two days of last month: nothing.
  const lastMonth = new Date(y, m - 2, 1);
  const days = [dayText(lastMonth), dayText(new Date(y, m - 2, 2))];
  await pickDays(range, days);
  await expect(begin).toHaveValue(days[0]);
  await expect(end).toHaveValue(days[1]);
  await list.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(table).toContainText('暂无数据');
});

/** A stored-form field as the form designer writes it. */
const field = (label: string, vModel: string, extra: Record<string, unknown>, formId: number) => ({
  __config__: { label, tag: 'el-date-picker', layout: 'colFormItem', span: 24, showLabel: true, labelWidth: null, required: false, regList: [], changeTag: true, defaultValue: null, formId, renderKey: formId },
  __vModel__: vModel, ...extra,
});

test('month, year and datetime pickers of a stored form: Chinese month and year views, the time row, typed ranges', async ({ page, request }) => {
  const name = `日期单${uniq()}`;
  const conf = {
    formRef: 'elForm', formModel: 'formData', size: 'medium', labelPosition: 'right', labelWidth: 100, formRules: 'rules', gutter: 15, disabled: false, span: 24, formBtns: true,
    fields: [
      field('月份', 'month', { type: 'month', placeholder: '请选择月份', 'value-format': 'yyyy-MM' }, 301),
      field('年份', 'year', { type: 'year', placeholder: '请选择年份', 'value-format': 'yyyy' }, 302),
      field('到达时间', 'arrive', { type: 'datetime', placeholder: '请选择到达时间', 'value-format': 'yyyy-MM-dd HH:mm:ss' }, 303),
      field('月份区间', 'months', { type: 'monthrange', 'range-separator': '至', 'start-placeholder': '开始月份', 'end-placeholder': '结束月份' }, 304),
    ],
  };
  const res = await request.post('/caishui-api/flowable/form', { headers: await apiAuth(request), data: { formName: name, formContent: JSON.stringify(conf) } });
  expect(res.ok()).toBe(true);

  await signIn(page);
  const y = (await browserToday(page)).getFullYear();
  await page.goto('#/flowable/form');
  const list = page.getByTestId('flow-form-list');
  await list.getByPlaceholder('请输入表单名称').fill(name);
  await list.getByRole('button', { name: '搜索', exact: true }).click();
  await list.getByTestId('flow-form-table').locator('tbody tr').filter({ hasText: name }).getByTestId('row-detail').click();
  const form = page.getByTestId('form-detail-dialog').getByTestId('form-detail-renderer');
  const item = (vModel: string) => form.getByTestId(`form-item-${vModel}`);

  // 月份: the calendar opens on the months of this year, 1月 … 12月; 3月 → yyyy-03.
  await item('month').getByRole('button', { name: '打开日历' }).click();
  const monthCal = item('month').getByTestId('calendar');
  await expect(monthCal.locator('[data-part="view-trigger"]:visible')).toHaveText(`${y}年`);
  await expect(monthCal.locator('[data-part="table-cell-trigger"]:visible')).toHaveText(Array.from({ length: 12 }, (_, i) => `${i + 1}月`));
  await shot(page, 'new-user-month-calendar');
  await monthCal.getByText('3月', { exact: true }).click();
  await expect(monthCal).toBeHidden();
  await expect(item('month').getByRole('textbox', { name: '请选择月份' })).toHaveValue(`${y}-03`);

  // 年份: a decade of years; the next decade with 后十年.
  await item('year').getByRole('button', { name: '打开日历' }).click();
  const yearCal = item('year').getByTestId('calendar');
  await expect(yearCal.getByText(String(y), { exact: true })).toBeVisible();
  await yearCal.getByRole('button', { name: '后十年' }).click();
  await yearCal.getByText(String(y + 10), { exact: true }).click();
  await expect(item('year').getByRole('textbox', { name: '请选择年份' })).toHaveValue(String(y + 10));

  // 到达时间: a day in the calendar, then the time row (HH:mm:ss) and 确定.
  const arrive = item('arrive').getByTestId('date-picker');
  const day = `${y}-${pad((await browserToday(page)).getMonth() + 1)}-15`;
  await pickDays(arrive, [day]);
  const arriveCal = arrive.getByTestId('calendar');
  await expect(arriveCal).toBeVisible();
  await typeDate(arriveCal.getByRole('textbox', { name: '选择时间' }), '8:05:09');
  await shot(page, 'new-user-datetime-calendar');
  await arriveCal.getByRole('button', { name: '确定' }).click();
  await expect(arriveCal).toBeHidden();
  await expect(arrive.getByRole('textbox', { name: '请选择到达时间' })).toHaveValue(`${day} 08:05:09`);

  // 月份区间: typed, one-digit months padded.
  await typeDate(item('months').getByRole('textbox', { name: '开始月份' }), '2026-1');
  await typeDate(item('months').getByRole('textbox', { name: '结束月份' }), '2026-3');
  await expect(item('months').getByRole('textbox', { name: '开始月份' })).toHaveValue('2026-01');

  await form.getByTestId('form-render-submit').click();
  const values = JSON.parse((await page.getByTestId('form-detail-submitted').locator('code').textContent()) ?? '{}') as Record<string, unknown>;
  expect(values).toMatchObject({ month: `${y}-03`, year: String(y + 10), arrive: `${day} 08:05:09`, months: ['2026-01', '2026-03'] });
});

test('at 375 px both boxes of every list date range are on the screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page);
  for (const path of ['#/system/user', '#/system/role', '#/system/log/logininfor', '#/system/log/operlog', '#/system/config', '#/system/dict']) {
    await page.goto(path);
    // Visited pages stay mounted (hidden) behind their tags: take the visible range.
    const range = page.getByTestId('date-range').filter({ visible: true });
    await expect(range).toHaveCount(1);
    for (const name of ['开始日期', '结束日期']) {
      const box = (await range.getByRole('textbox', { name }).boundingBox())!;
      expect(box.x, `${path} ${name}`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${path} ${name}`).toBeLessThanOrEqual(375);
      expect(box.width, `${path} ${name}`).toBeGreaterThan(100);
    }
    if (path === '#/system/user') await shot(page, 'new-user-375-user-search');
  }
  // The calendar fits too.
  await page.getByTestId('date-range').filter({ visible: true }).getByRole('button', { name: '打开日历' }).click();
  const calendar = (await (page.getByTestId('calendar').filter({ visible: true }).boundingBox()))!;
  expect(calendar.x).toBeGreaterThanOrEqual(0);
  expect(calendar.x + calendar.width).toBeLessThanOrEqual(375);
  await shot(page, 'new-user-375-calendar');
});

test('dialog and drawer close buttons are named 关闭, none "Close"', async ({ page }) => {
  await signIn(page);
  await page.goto('#/system/user');
  await page.getByTestId('user-list').getByTestId('btn-add').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^close$/i })).toHaveCount(0);
  await dialog.getByRole('button', { name: '关闭', exact: true }).click();
  await expect(dialog).toBeHidden();

  await page.getByTestId('avatar-menu').click();
  await page.getByRole('menuitem', { name: '布局设置' }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: '布局设置' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Close' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^close$/i })).toHaveCount(0);
  await drawer.getByRole('button', { name: '关闭', exact: true }).click();
  await expect(drawer).toBeHidden();
});
