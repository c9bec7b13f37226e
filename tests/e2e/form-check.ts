/**
 * What a filled form must show afterwards (workflow spec §2 "Task-handling screen", "Finished-task
 * detail"; reference §6 task form, §7 the read-only copy in `variables`): each field read-only with
 * its value, and each stored variable equal to what was filled. Used by form-flow.ts.
 */
import { expect, type Locator } from '@playwright/test';
import { columnIndexes, detailParts, expectSummary, extOf, fieldByLabel, type FlowField } from './form-fill';

/** A field of the stored form JSON, as far as the checks read it. */
export type StoredField = { __config__?: { label?: string; tag?: string; layout?: string; children?: StoredField[] }; __vModel__?: string; [k: string]: unknown };

/** The field shows `f`'s value and cannot be changed (表单信息 of the task / detail screens). */
export async function expectReadOnly(form: Locator, f: FlowField) {
  const item = fieldByLabel(form, f.label);
  await expect(item, `field ${f.label}`).toBeVisible();
  switch (f.kind) {
    case 'input':
    case 'password': {
      const box = item.locator(f.kind === 'password' ? 'input[type="password"]' : 'input').first();
      await expect(box).toBeDisabled();
      await expect(box).toHaveValue(f.value);
      break;
    }
    case 'textarea':
      await expect(item.locator('textarea')).toBeDisabled();
      await expect(item.locator('textarea')).toHaveValue(f.value);
      break;
    case 'number':
      await expect(item.getByRole('spinbutton')).toBeDisabled();
      await expect(item.getByRole('spinbutton')).toHaveValue(String(f.value));
      break;
    case 'richText':
      await expect(item.locator('[contenteditable]')).toHaveAttribute('contenteditable', 'false');
      await expect(item.locator('[contenteditable]')).toContainText(f.value);
      await expect(item.getByRole('toolbar')).toHaveCount(0);
      break;
    case 'select':
    case 'cascader':
      await expect(item.getByRole('combobox')).toBeDisabled();
      await expect(item.getByRole('combobox')).toContainText(f.option);
      break;
    case 'radio':
      await expect(item.getByRole('radio', { name: f.option })).toBeChecked();
      await expect(item.getByRole('radio', { name: f.option })).toBeDisabled();
      break;
    case 'checkbox':
      for (const o of f.options) {
        await expect(item.getByRole('checkbox', { name: o })).toBeChecked();
        await expect(item.getByRole('checkbox', { name: o })).toBeDisabled();
      }
      break;
    case 'switch':
      await expect(item.locator('input[type="checkbox"]')).toBeChecked({ checked: f.value });
      await expect(item.locator('input[type="checkbox"]')).toBeDisabled();
      break;
    case 'slider':
      await expect(item.getByRole('slider')).toHaveAttribute('aria-valuenow', String(f.value));
      await expect(item.getByRole('slider')).toHaveAttribute('aria-disabled', 'true');
      break;
    case 'time':
      await expect(item.getByRole('textbox')).toBeDisabled();
      await expect(item.getByRole('textbox')).toHaveValue(f.value);
      break;
    case 'timeRange':
    case 'dateRange': {
      const boxes = item.getByRole('textbox');
      await expect(boxes).toHaveCount(2);
      for (let i = 0; i < 2; i++) {
        await expect(boxes.nth(i)).toBeDisabled();
        await expect(boxes.nth(i)).toHaveValue(f.value[i]);
      }
      break;
    }
    case 'date':
      await expect(item.getByRole('textbox')).toBeDisabled();
      await expect(item.getByRole('textbox')).toHaveValue(f.value);
      break;
    case 'rate':
      await expect(item.getByRole('radio').nth(f.value - 1)).toBeChecked();
      await expect(item.getByRole('radio').first()).toBeDisabled();
      break;
    case 'color':
      await expect(item.getByTestId('color-swatch')).toHaveAttribute('title', f.value);
      await expect(item.locator('input[type="color"]')).toBeDisabled();
      break;
    case 'upload':
      await expect(item.getByTestId('file-upload-list')).toContainText(extOf(f.file.name));
      await expect(item.getByTestId('file-upload-add')).toHaveCount(0);
      await expect(item.getByRole('button', { name: /^删除/ })).toHaveCount(0);
      break;
    case 'button':
      await expect(item.getByRole('button', { name: f.text })).toBeDisabled();
      break;
    case 'detailTable': {
      const { rows } = detailParts(item);
      const cols = await columnIndexes(item, f.columns);
      await expect(rows).toHaveCount(f.rows.length);
      for (let r = 0; r < f.rows.length; r++) {
        for (let c = 0; c < f.columns.length; c++) {
          const cell = rows.nth(r).locator('td').nth(cols[c]);
          const box = cell.locator('input');
          // A cell shows its value either in a disabled box or as text.
          const want = f.rows[r][c];
          if (await box.count()) {
            await expect(box.first()).toBeDisabled();
            if (f.columns[c].kind === 'number') await expect.poll(async () => Number(await box.first().inputValue())).toBe(Number(want));
            else await expect(box.first()).toHaveValue(String(want));
          } else if (f.columns[c].kind === 'number') {
            await expect.poll(async () => Number((await cell.innerText()).replace(/[^\d.-]/g, ''))).toBe(Number(want));
          } else {
            await expect(cell).toContainText(String(want));
          }
        }
      }
      await expect(item.getByRole('button', { name: f.addText ?? '添加一行' })).toHaveCount(0);
      if (f.summary) await expectSummary(item, f, cols);
      break;
    }
  }
}

/** The stored variable of a field equals what was filled. */
export function expectVariable(vars: Record<string, unknown>, field: StoredField, f: FlowField) {
  const key = field.__vModel__;
  if (f.kind === 'button') return;
  expect(key, `__vModel__ of ${f.label}`).toBeTruthy();
  const v = vars[key!];
  const what = `variable ${key} (${f.label})`;
  switch (f.kind) {
    case 'richText':
      expect(String(v), what).toContain(f.value);
      break;
    case 'upload': {
      const files = JSON.parse(String(v)) as { name: string; url: string; fileType: string }[];
      expect(files, what).toHaveLength(1);
      expect(files[0].fileType, what).toBe(extOf(f.file.name).slice(1));
      expect(files[0].url, what).toContain('/profile/');
      break;
    }
    case 'detailTable': {
      const columns = (field.__config__?.children ?? []) as StoredField[];
      const keyOf = (label: string) => columns.find((c) => c.__config__?.label === label)?.__vModel__;
      const expected = f.rows.map((r) => Object.fromEntries(f.columns.map((c, i) => [keyOf(c.label), c.kind === 'number' ? Number(r[i]) : r[i]])));
      expect(v, what).toEqual(expected);
      break;
    }
    default:
      expect(v, what).toEqual(f.value);
  }
}
