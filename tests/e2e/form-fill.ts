/**
 * Filling a stored form's fields through their widgets, as a user does (workflow spec §3
 * "Component catalogue", §9 formats; reference §7 the form-generator Parser): the fill kinds, the
 * field located by its label text, and the detail table's rows and 合计. Used by form-flow.ts.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { pickDays, typeDate } from './helpers';

/** A file for an upload widget (setInputFiles payload). */
export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** One column of a detail table: its label and how its cells are typed (el-input / el-input-number). */
export interface DetailColumnFill {
  label: string;
  kind: 'input' | 'number';
}

/**
 * How one field is filled and what it must hold afterwards. `value` is the value the form stores
 * (option values, not labels: '1' options are numbers, spec §3 "Option item").
 */
export type FieldFill =
  | { kind: 'input'; value: string }
  | { kind: 'password'; value: string }
  | { kind: 'textarea'; value: string }
  | { kind: 'number'; value: number }
  | { kind: 'richText'; value: string }
  | { kind: 'select'; option: string; value: unknown }
  /** `option` is the whole path as the select shows it ('浙江 / 杭州'); `value` the path of values. */
  | { kind: 'cascader'; option: string; value: unknown[] }
  | { kind: 'radio'; option: string; value: unknown }
  | { kind: 'checkbox'; options: string[]; value: unknown[] }
  | { kind: 'switch'; value: boolean }
  | { kind: 'slider'; value: number }
  /** HH:mm:ss, typed into the time box. */
  | { kind: 'time'; value: string }
  | { kind: 'timeRange'; value: [string, string] }
  /** yyyy-MM-dd, picked in the calendar. */
  | { kind: 'date'; value: string }
  | { kind: 'dateRange'; value: [string, string] }
  /** Stars 1..max. */
  | { kind: 'rate'; value: number }
  /** #rrggbb in lower case (what a colour input answers). */
  | { kind: 'color'; value: string }
  | { kind: 'upload'; file: UploadFile }
  /** A button: nothing to fill; shown with `text`. */
  | { kind: 'button'; text: string }
  /**
   * A detail table (明细表): rows added with `addText` ('添加一行'), one value per column; with
   * `summary` the 合计 row must show the sum of every number column.
   */
  | { kind: 'detailTable'; columns: DetailColumnFill[]; rows: (string | number)[][]; addText?: string; summary?: boolean };

export type FlowField = FieldFill & { label: string };

/** XPath string literal of `s` (labels carry no quotes of both kinds). */
export const xpathLiteral = (s: string) => (s.includes("'") ? `"${s}"` : `'${s}'`);

/**
 * The form item (label + control) whose own label reads `label` (the required mark * ignored),
 * the innermost one when items nest (a detail table's cells).
 */
export function fieldByLabel(form: Locator, label: string): Locator {
  const own = `label[normalize-space(translate(string(.), '*', ''))=${xpathLiteral(label)}]`;
  return form.locator(`xpath=.//*[starts-with(@data-testid, 'form-item-')][./${own} or ./*/${own}]`).last();
}

/** Numbers as the renderer's 合计 shows them (no trailing zeros). */
export const num = (n: number) => String(Number(n.toFixed(6)));

/** The detail table's parts: header cells, its data rows (no 暂无数据 / 合计 row) and the 合计 row. */
export function detailParts(item: Locator) {
  const table = item.locator('table').first();
  return {
    table,
    headers: table.locator('thead th'),
    rows: table.locator('tbody tr[data-testid^="detail-row-"]'),
    summary: table.locator('tr').filter({ hasText: '合计' }),
  };
}

/** Index of each column in the header row (by its text, the * mark ignored). */
export async function columnIndexes(item: Locator, columns: DetailColumnFill[]): Promise<number[]> {
  const { headers } = detailParts(item);
  await expect(headers.first()).toBeVisible();
  const texts = (await headers.allInnerTexts()).map((t) => t.replace(/\*/g, '').trim());
  return columns.map((c) => {
    const i = texts.indexOf(c.label);
    expect(i, `detail-table column ${c.label} in ${JSON.stringify(texts)}`).toBeGreaterThanOrEqual(0);
    return i;
  });
}

export async function fillDetailTable(item: Locator, f: Extract<FieldFill, { kind: 'detailTable' }>) {
  const { rows } = detailParts(item);
  const cols = await columnIndexes(item, f.columns);
  // Rows the table starts with (minRows) are filled first; the rest are added with addText.
  for (let r = 0; r < f.rows.length; r++) {
    if ((await rows.count()) <= r) {
      await item.getByRole('button', { name: f.addText ?? '添加一行' }).click();
      await expect(rows).toHaveCount(r + 1);
    }
    const row = rows.nth(r);
    for (let c = 0; c < f.columns.length; c++) {
      const cell = row.locator('td').nth(cols[c]);
      const box = f.columns[c].kind === 'number' ? cell.getByRole('spinbutton') : cell.getByRole('textbox');
      await box.fill(String(f.rows[r][c]));
      await box.blur();
      if (f.columns[c].kind === 'number') await expect.poll(async () => Number(await box.inputValue())).toBe(Number(f.rows[r][c]));
      else await expect(box).toHaveValue(String(f.rows[r][c]));
    }
  }
  await expect(rows).toHaveCount(f.rows.length);
  if (f.summary) await expectSummary(item, f, cols);
}

/** The 合计 row shows, under each number column, the sum of its cells. */
export async function expectSummary(item: Locator, f: Extract<FieldFill, { kind: 'detailTable' }>, cols?: number[]) {
  const { summary } = detailParts(item);
  const idx = cols ?? (await columnIndexes(item, f.columns));
  await expect(summary).toHaveCount(1);
  for (let c = 0; c < f.columns.length; c++) {
    if (f.columns[c].kind !== 'number') continue;
    const sum = f.rows.reduce((s, r) => s + Number(r[c]), 0);
    await expect(summary.locator('td, th').nth(idx[c])).toContainText(num(sum));
  }
}

/** Fills one field through its widget, as a user does. */
export async function fillField(page: Page, form: Locator, f: FlowField) {
  const item = fieldByLabel(form, f.label);
  await expect(item, `field ${f.label}`).toBeVisible();
  await item.scrollIntoViewIfNeeded();
  switch (f.kind) {
    case 'input':
    case 'password': {
      const box = item.locator(f.kind === 'password' ? 'input[type="password"]' : 'input').first();
      await box.fill(f.value);
      await box.blur();
      await expect(box).toHaveValue(f.value);
      break;
    }
    case 'textarea': {
      await item.locator('textarea').fill(f.value);
      await item.locator('textarea').blur();
      break;
    }
    case 'number': {
      const box = item.getByRole('spinbutton');
      await box.fill(String(f.value));
      await box.blur();
      await expect(box).toHaveValue(String(f.value));
      break;
    }
    case 'richText': {
      const editor = item.locator('[contenteditable="true"]');
      await expect(editor).toBeVisible();
      await editor.click();
      await page.keyboard.type(f.value);
      await expect(editor).toContainText(f.value);
      break;
    }
    case 'select':
    case 'cascader': {
      // Open, pick, check; again while the pick did not take (on a loaded machine a click can land
      // while the list is still opening: the list stays open and shows the placeholder).
      const box = item.getByRole('combobox');
      await expect(async () => {
        if ((await box.getAttribute('aria-expanded')) !== 'true') await box.click();
        await page.getByRole('option', { name: f.option, exact: true }).click({ timeout: 5_000 });
        await expect(box).toContainText(f.option, { timeout: 3_000 });
      }).toPass({ timeout: 30_000 });
      break;
    }
    case 'radio':
      await item.getByText(f.option, { exact: true }).click();
      await expect(item.getByRole('radio', { name: f.option })).toBeChecked();
      break;
    case 'checkbox':
      for (const o of f.options) {
        await item.getByText(o, { exact: true }).click();
        await expect(item.getByRole('checkbox', { name: o })).toBeChecked();
      }
      break;
    case 'switch': {
      const input = item.locator('input[type="checkbox"]');
      if ((await input.isChecked()) !== f.value) await item.locator('[data-part="control"]').click();
      await expect(input).toBeChecked({ checked: f.value });
      break;
    }
    case 'slider': {
      const thumb = item.getByRole('slider');
      await thumb.focus();
      await page.keyboard.press('Home');
      for (let i = 0; i < 200 && Number(await thumb.getAttribute('aria-valuenow')) < f.value; i++) await page.keyboard.press('ArrowRight');
      await expect(thumb).toHaveAttribute('aria-valuenow', String(f.value));
      break;
    }
    case 'time': {
      const box = item.getByRole('textbox');
      await typeDate(box, f.value);
      await expect(box).toHaveValue(f.value);
      break;
    }
    case 'timeRange': {
      const boxes = item.getByRole('textbox');
      await typeDate(boxes.nth(0), f.value[0]);
      await typeDate(boxes.nth(1), f.value[1]);
      await expect(boxes.nth(0)).toHaveValue(f.value[0]);
      await expect(boxes.nth(1)).toHaveValue(f.value[1]);
      break;
    }
    case 'date':
      await pickDays(item.getByTestId('date-picker'), [f.value]);
      await expect(item.getByRole('textbox')).toHaveValue(f.value);
      break;
    case 'dateRange':
      await pickDays(item.getByTestId('date-range'), f.value);
      await expect(item.getByRole('textbox', { name: '开始日期' })).toHaveValue(f.value[0]);
      await expect(item.getByRole('textbox', { name: '结束日期' })).toHaveValue(f.value[1]);
      break;
    case 'rate':
      await item.getByRole('radio').nth(f.value - 1).click();
      await expect(item.getByRole('radio').nth(f.value - 1)).toBeChecked();
      break;
    case 'color':
      await item.locator('input[type="color"]').fill(f.value);
      await expect(item.getByTestId('color-swatch')).toHaveAttribute('title', f.value);
      break;
    case 'upload':
      await item.getByTestId('file-upload-input').setInputFiles(f.file);
      await expect(item.getByTestId('file-upload-list')).toContainText(extOf(f.file.name));
      break;
    case 'button':
      await expect(item.getByRole('button', { name: f.text })).toBeVisible();
      break;
    case 'detailTable':
      await fillDetailTable(item, f);
      break;
  }
}

export const extOf = (name: string) => name.slice(name.lastIndexOf('.'));
