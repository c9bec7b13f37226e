/**
 * A stored form taken through a whole approval process in the browser (workflow spec §2 "Start-
 * process screen", "Task-handling screen", "Finished-task detail", "Own-started-task detail",
 * "Workflow record page", §4 "Starting a process", "Task actions", §5 "Task handling"; reference
 * §6 start / task form / complete, §7 the form-generator JSON and the Parser):
 *
 *   a. 表单配置 (/flowable/form): the form is found by name and its 详情 preview shows every label;
 *   b. a model start → 部门审批 (assigned to the handler) → end is deployed over REST, and the form
 *      is bound to it with 配置主表单 on 流程定义;
 *   c. as admin, 发起 opens the start screen; every widget is filled through the UI (typing,
 *      options, the calendars, a file upload, detail-table rows with their 合计) and submitted;
 *   d. as the handler, 待办任务 → 处理: 表单信息 shows every value read-only; 审批 with a comment;
 *   e. the handler's 已办任务 detail, the admin's 我的流程 detail and 流程记录 show the approval,
 *      the form values (read-only) and the variables; the stored variables match the fill.
 *
 * Fields are found by their label text (the form item whose own `<label>` reads it), so the flow
 * works for a form whose `__vModel__` ids it does not know (the designer's field101 …). The
 * stored form is read over REST only to map labels to `__vModel__` for the variable checks.
 */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { apiAuth, expectToast, uniq } from './admin-api';
import { pickDays, shot, signIn, typeDate } from './helpers';

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

export interface FormFlowOptions {
  /** The stored form (表单配置) to use; it must exist. */
  formName: string;
  /** Every field to fill, by label, in form order; what each must hold afterwards. */
  fields: FlowField[];
  /** The second user, who handles 部门审批 (needs the 任务管理 menus). */
  handler: { userName: string; password: string; nickName: string };
  /** Name of the deployed model (default e2e表单流程<uniq>). */
  processName?: string;
  /** Approval comment (default 同意，材料齐全). */
  comment?: string;
  /** Prefix of the screenshot files in test-results/ (default form-flow). */
  shotPrefix?: string;
}

export interface FormFlowResult {
  processName: string;
  procInsId: string;
  deployId: string;
  /** The stored variables of the instance (processVariables of the handler's task). */
  variables: Record<string, unknown>;
}

type StoredField = { __config__?: { label?: string; tag?: string; layout?: string; children?: StoredField[] }; __vModel__?: string; [k: string]: unknown };
type TaskRow = { taskId: string; procInsId: string; deployId: string; taskName: string; startUserName?: string; procDefName?: string };

const TASK_NAME = '部门审批';

/** A minimal approval model: start → 部门审批 (assignee `userId`) → end, with its diagram. */
export const approvalModelXml = (key: string, name: string, userId: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn"
  xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC"
  xmlns:di="http://www.omg.org/spec/DD/20100524/DI" targetNamespace="http://www.flowable.org/processdef">
  <process id="${key}" name="${name}" isExecutable="true" flowable:processCategory="expense">
    <startEvent id="start_event" name="开始"/>
    <sequenceFlow id="f1" sourceRef="start_event" targetRef="review"/>
    <userTask id="review" name="${TASK_NAME}" flowable:assignee="${userId}" flowable:userType="assignee" flowable:dataType="fixed"/>
    <sequenceFlow id="f2" sourceRef="review" targetRef="end_event"/>
    <endEvent id="end_event" name="结束"/>
  </process>
  <bpmndi:BPMNDiagram id="d1">
    <bpmndi:BPMNPlane id="p1" bpmnElement="${key}">
      <bpmndi:BPMNShape id="s_start" bpmnElement="start_event"><dc:Bounds x="100" y="100" width="36" height="36"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="s_review" bpmnElement="review"><dc:Bounds x="200" y="78" width="100" height="80"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="s_end" bpmnElement="end_event"><dc:Bounds x="370" y="100" width="36" height="36"/></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="e1" bpmnElement="f1"><di:waypoint x="136" y="118"/><di:waypoint x="200" y="118"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="e2" bpmnElement="f2"><di:waypoint x="300" y="118"/><di:waypoint x="370" y="118"/></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</definitions>`;

/** XPath string literal of `s` (labels carry no quotes of both kinds). */
const xpathLiteral = (s: string) => (s.includes("'") ? `"${s}"` : `'${s}'`);

/**
 * The form item (label + control) whose own label reads `label` (the required mark * ignored),
 * the innermost one when items nest (a detail table's cells).
 */
export function fieldByLabel(form: Locator, label: string): Locator {
  const own = `label[normalize-space(translate(string(.), '*', ''))=${xpathLiteral(label)}]`;
  return form.locator(`xpath=.//*[starts-with(@data-testid, 'form-item-')][./${own} or ./*/${own}]`).last();
}

/** Numbers as the renderer's 合计 shows them (no trailing zeros). */
const num = (n: number) => String(Number(n.toFixed(6)));

/** Label → field of the stored form (row containers walked; a detail table's columns kept under it). */
function indexFields(fields: StoredField[]): Map<string, StoredField> {
  const out = new Map<string, StoredField>();
  const walk = (list: StoredField[] | undefined) => {
    for (const f of list ?? []) {
      const label = f.__config__?.label;
      if (f.__config__?.layout === 'rowFormItem') walk(f.__config__.children);
      else if (label && !out.has(label)) out.set(label, f);
    }
  };
  walk(fields);
  return out;
}

async function storedForm(request: APIRequestContext, headers: Record<string, string>, formName: string) {
  const res = await request.get(`/caishui-api/flowable/form/list?pageNum=1&pageSize=50&formName=${encodeURIComponent(formName)}`, { headers });
  const rows = ((await res.json()) as { rows: { formId: number; formName: string; formContent: string }[] }).rows.filter((r) => r.formName === formName);
  expect(rows, `stored form ${formName}`).toHaveLength(1);
  const conf = JSON.parse(rows[0].formContent) as { fields: StoredField[] };
  return { formId: rows[0].formId, byLabel: indexFields(conf.fields) };
}

async function switchUser(page: Page, username: string, password: string) {
  await page.context().clearCookies();
  await page.evaluate(() => { localStorage.clear(); sessionStorage.clear(); });
  await page.goto('about:blank');
  await signIn(page, { username, password });
}

/**
 * Screenshot of the whole page with the viewport stretched to `tall` (the app scrolls inside its
 * main box, so a full-page shot alone would cut the form).
 */
async function tallShot(page: Page, tall: Locator, name: string) {
  const size = page.viewportSize()!;
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = await tall.boundingBox();
  await page.setViewportSize({ width: size.width, height: Math.max(size.height, Math.ceil((box?.y ?? 0) + (box?.height ?? 0) + 120)) });
  await shot(page, name);
  await page.setViewportSize(size);
}

/** Searches a task list (待办 / 已办 / 我的流程) by 流程名称 and answers the row of `name`. */
async function listRow(page: Page, hash: string, listId: string, tableId: string, name: string) {
  await page.goto(hash);
  const list = page.getByTestId(listId);
  await list.getByPlaceholder('请输入流程名称').fill(name);
  await list.getByRole('button', { name: '搜索', exact: true }).click();
  const row = list.getByTestId(tableId).locator('tbody tr').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  return row;
}

// ---------------------------------------------------------------------------------------------
// Filling

/** The detail table's parts: header cells, its data rows (no 暂无数据 / 合计 row) and the 合计 row. */
function detailParts(item: Locator) {
  const table = item.locator('table').first();
  return {
    table,
    headers: table.locator('thead th'),
    rows: table.locator('tbody tr[data-testid^="detail-row-"]'),
    summary: table.locator('tr').filter({ hasText: '合计' }),
  };
}

/** Index of each column in the header row (by its text, the * mark ignored). */
async function columnIndexes(item: Locator, columns: DetailColumnFill[]): Promise<number[]> {
  const { headers } = detailParts(item);
  await expect(headers.first()).toBeVisible();
  const texts = (await headers.allInnerTexts()).map((t) => t.replace(/\*/g, '').trim());
  return columns.map((c) => {
    const i = texts.indexOf(c.label);
    expect(i, `detail-table column ${c.label} in ${JSON.stringify(texts)}`).toBeGreaterThanOrEqual(0);
    return i;
  });
}

async function fillDetailTable(item: Locator, f: Extract<FieldFill, { kind: 'detailTable' }>) {
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
async function expectSummary(item: Locator, f: Extract<FieldFill, { kind: 'detailTable' }>, cols?: number[]) {
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
async function fillField(page: Page, form: Locator, f: FlowField) {
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
      await item.getByRole('combobox').click();
      await page.getByRole('option', { name: f.option, exact: true }).click();
      await expect(item.getByRole('combobox')).toContainText(f.option);
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

const extOf = (name: string) => name.slice(name.lastIndexOf('.'));

// ---------------------------------------------------------------------------------------------
// Read-only checks

/** The field shows `f`'s value and cannot be changed (表单信息 of the task / detail screens). */
async function expectReadOnly(form: Locator, f: FlowField) {
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
function expectVariable(vars: Record<string, unknown>, field: StoredField, f: FlowField) {
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

// ---------------------------------------------------------------------------------------------
// The flow

/**
 * Runs the whole flow (see the file comment) for the stored form `opts.formName`, as admin and as
 * `opts.handler`; asserts at every step; answers the instance and its stored variables.
 */
export async function runFormProcessFlow(page: Page, request: APIRequestContext, opts: FormFlowOptions): Promise<FormFlowResult> {
  const tag = uniq();
  const processName = opts.processName ?? `e2e表单流程${tag}`;
  const comment = opts.comment ?? '同意，材料齐全';
  const prefix = opts.shotPrefix ?? 'form-flow';
  const admin = await apiAuth(request);
  const stored = await storedForm(request, admin, opts.formName);
  for (const f of opts.fields) expect(stored.byLabel.has(f.label), `the stored form has a field labelled ${f.label}`).toBe(true);

  // a. 表单配置: the stored form by name; 详情 shows every label (the detail table's columns too).
  await signIn(page);
  await page.goto('#/flowable/form');
  const formList = page.getByTestId('flow-form-list');
  await formList.getByPlaceholder('请输入表单名称').fill(opts.formName);
  await formList.getByRole('button', { name: '搜索', exact: true }).click();
  const formRow = formList.getByTestId('flow-form-table').locator('tbody tr').filter({ hasText: opts.formName });
  await expect(formRow).toHaveCount(1);
  await formRow.getByTestId('row-detail').click();
  const preview = page.getByTestId('form-detail-dialog');
  const previewForm = preview.getByTestId('form-detail-renderer');
  await expect(preview).toContainText(opts.formName);
  for (const f of opts.fields) {
    await expect(fieldByLabel(previewForm, f.label), `preview label ${f.label}`).toBeVisible();
    if (f.kind === 'detailTable') for (const c of f.columns) await expect(fieldByLabel(previewForm, f.label)).toContainText(c.label);
  }
  await shot(page, `${prefix}-a-preview`);
  await page.keyboard.press('Escape');
  await expect(preview).toHaveCount(0);

  // b. The model over REST (the handler assigned), then 配置主表单 on 流程定义.
  const found = await request.get(`/caishui-api/system/user/list?userName=${encodeURIComponent(opts.handler.userName)}`, { headers: admin });
  const handlerId = String(((await found.json()) as { rows: { userId: number; userName: string }[] }).rows.find((u) => u.userName === opts.handler.userName)!.userId);
  const saved = await request.post('/caishui-api/flowable/definition/save', {
    headers: admin, data: { name: processName, category: 'expense', xml: approvalModelXml(`e2e_form_${tag}`, processName, handlerId) },
  });
  expect((await saved.json()).code).toBe(200);

  await page.goto('#/flowable/definition');
  const defList = page.getByTestId('definition-list');
  await defList.getByPlaceholder(/请输入(流程)?名称/).first().fill(processName);
  await defList.getByRole('button', { name: '搜索', exact: true }).click();
  const defRow = defList.getByTestId('definition-table').locator('tbody tr').filter({ hasText: processName });
  await expect(defRow).toHaveCount(1);
  await defRow.getByTestId('row-deploy-form').click();
  const bind = page.getByTestId('deploy-form-dialog');
  await bind.getByPlaceholder('请输入表单名称').fill(opts.formName);
  await bind.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(bind.getByTestId('deploy-form-table').locator('tbody tr')).toHaveCount(1);
  await bind.getByTestId('deploy-form-table').locator('tbody tr').filter({ hasText: opts.formName }).click();
  await bind.getByRole('button', { name: '确 定' }).click();
  await expectToast(page, '操作成功');
  await expect(bind).toHaveCount(0);
  await expect(defRow).toContainText(opts.formName);

  // c. 发起: fill every widget, submit.
  await defRow.getByTestId('row-start').click();
  const startScreen = page.getByTestId('start-process');
  await expect(startScreen.getByTestId('start-process-title')).toContainText(processName);
  const startForm = startScreen.getByTestId('start-form');
  await expect(startForm).toBeVisible();
  for (const f of opts.fields) await fillField(page, startForm, f);
  await expect(startForm.getByTestId('form-error')).toHaveCount(0);
  await tallShot(page, startForm, `${prefix}-c-start-filled`);
  await startScreen.getByTestId('start-submit').click();
  await expect(startForm.getByTestId('form-error'), 'the filled form passes its rules').toHaveCount(0);
  await expectToast(page, '流程启动成功');
  await expect(page).toHaveURL(/#\/task\/process/);

  // d. The handler: 待办任务 → 处理; 表单信息 read-only with every value; 审批 with a comment.
  await switchUser(page, opts.handler.userName, opts.handler.password);
  const todoRow = await listRow(page, '#/task/todo', 'todo-list', 'todo-table', processName);
  await expect(todoRow).toContainText(TASK_NAME);
  await todoRow.getByTestId('row-handle').click();
  const screen = page.getByTestId('todo-detail');
  await expect(screen.getByTestId('todo-task-name')).toContainText(TASK_NAME);
  const taskForm = screen.getByTestId('task-form');
  await expect(taskForm).toHaveAttribute('data-readonly', '');
  for (const f of opts.fields) await expectReadOnly(taskForm, f);
  await tallShot(page, taskForm, `${prefix}-d-task-readonly`);
  await screen.getByTestId('tab-record').click();
  await expect(screen.getByTestId('flow-record-pending')).toHaveCount(1);
  await screen.getByTestId('task-approve').click();
  const approve = page.getByTestId('approve-dialog');
  await expect(approve.getByTestId('approve-pick')).toHaveCount(0);
  await approve.getByTestId('approve-comment').fill(comment);
  await approve.getByRole('button', { name: '确 定' }).click();
  await expectToast(page, '操作成功');
  await expect(page).toHaveURL(/#\/task\/todo/);

  // The stored variables (the handler's finished task): each field holds what was filled.
  const handler = await apiAuth(request, opts.handler.userName, opts.handler.password);
  const fin = await request.get(`/caishui-api/flowable/task/finishedList?pageNum=1&pageSize=50&name=${encodeURIComponent(processName)}`, { headers: handler });
  const done = ((await fin.json()) as { rows: TaskRow[] }).rows;
  expect(done).toHaveLength(1);
  const d = done[0];
  const varsRes = await request.get(`/caishui-api/flowable/task/processVariables/${d.taskId}`, { headers: handler });
  const variables = ((await varsRes.json()) as { data: Record<string, unknown> }).data;
  for (const f of opts.fields) expectVariable(variables, stored.byLabel.get(f.label)!, f);

  // e. The handler's 已办任务 → detail: the form read-only, 流转记录 with the approval.
  const finRow = await listRow(page, '#/task/finished', 'finished-list', 'finished-table', processName);
  await finRow.getByTestId('row-record').click();
  const finished = page.getByTestId('finished-detail');
  const finishedForm = finished.getByTestId('process-form');
  for (const f of opts.fields) await expectReadOnly(finishedForm, f);
  await finished.getByTestId('tab-record').click();
  const finTimeline = finished.getByTestId('flow-record-timeline');
  await expect(finTimeline).toContainText(TASK_NAME);
  await expect(finTimeline).toContainText(comment);
  await expect(finTimeline).toContainText(opts.handler.nickName);
  await expect(finished.getByTestId('flow-record-pending')).toHaveCount(0);

  // The admin: 我的流程 → 详情 (the form read-only, the record) and 流程记录.
  await switchUser(page, 'admin', 'admin123');
  const mineRow = await listRow(page, '#/task/process', 'my-process-list', 'my-process-table', processName);
  await mineRow.getByTestId('row-detail').click();
  const own = page.getByTestId('myprocess-detail');
  const ownForm = own.getByTestId('process-form');
  for (const f of opts.fields) await expectReadOnly(ownForm, f);
  await tallShot(page, ownForm, `${prefix}-e-detail-form`);
  await own.getByTestId('tab-record').click();
  await expect(own.getByTestId('flow-record-timeline')).toContainText(comment);
  await expect(own.getByTestId('flow-record-done')).not.toHaveCount(0);

  await page.goto(`#/flowable/task/record/index?deployId=${d.deployId}&taskId=${d.taskId}&procInsId=${d.procInsId}`);
  const record = page.getByTestId('flow-record-page');
  const timeline = record.getByTestId('flow-record-timeline');
  await expect(timeline).toContainText(TASK_NAME);
  await expect(timeline).toContainText(opts.handler.nickName);
  await expect(timeline).toContainText(comment);
  await expect(record.getByTestId('flow-record-pending')).toHaveCount(0);
  await shot(page, `${prefix}-e-record`);
  await record.getByTestId('tab-variables').click();
  const varsPanel = record.getByTestId('process-variables');
  for (const f of opts.fields) {
    if (f.kind === 'button' || f.kind === 'detailTable') continue;
    await expect(varsPanel).toContainText(f.label);
  }
  for (const f of opts.fields) {
    if (f.kind === 'input' || f.kind === 'textarea') await expect(varsPanel).toContainText(f.value);
    if (f.kind === 'select' || f.kind === 'radio') await expect(varsPanel).toContainText(f.option);
  }
  await shot(page, `${prefix}-e-record-variables`);
  await record.getByTestId('tab-diagram').click();
  await expect(record.getByTestId('flow-diagram').locator('.djs-element.highlight[data-element-id="end_event"]')).not.toHaveCount(0);

  return { processName, procInsId: d.procInsId, deployId: d.deployId, variables };
}

/**
 * The second user of the flow, who handles 部门审批: a new role with the 任务管理 menus
 * (2023–2026; the seed's role 2 has only the system menus) and a user in dept 106 holding it.
 */
export async function createFormHandler(request: APIRequestContext, tag = uniq()): Promise<FormFlowOptions['handler']> {
  const admin = await apiAuth(request);
  const roleKey = `formflow_${tag}`;
  const role = await request.post('/caishui-api/system/role', { headers: admin, data: { roleName: `报销审批${tag}`, roleKey, roleSort: 9, status: '0', menuIds: [2023, 2024, 2025, 2026] } });
  expect((await role.json()).code).toBe(200);
  const roles = (await (await request.get(`/caishui-api/system/role/list?roleKey=${roleKey}`, { headers: admin })).json()) as { rows: { roleId: number }[] };
  const handler = { userName: `e2eff_${tag}`, password: 'admin123', nickName: `财务主管${tag}` };
  const created = await request.post('/caishui-api/system/user', {
    headers: admin, data: { userName: handler.userName, nickName: handler.nickName, password: handler.password, deptId: 106, roleIds: [roles.rows[0].roleId] },
  });
  expect((await created.json()).code).toBe(200);
  return handler;
}
