/**
 * 代码生成 as a new admin meets it (issue 40 §6): 创建 shows an example and takes RuoYi's MySQL
 * DDL (COMMENTs become 表描述 and 字段描述), a statement it cannot take is refused in Chinese under
 * the box; 生成信息 → 提交 with an empty 表描述 marks and opens 基本信息 and focuses the field, and
 * an imported table without comment gets its name as 表描述; 代码预览's viewer is fetched while
 * the list shows and only the open file is highlighted. Tables are made through REST where the
 * screen is not the subject.
 */
import { expect, test, type Page } from '@playwright/test';
import { apiAuth, expectToast, uniq } from './admin-api';
import { signIn } from './helpers';

test.describe.configure({ mode: 'serial' });

const U = `t${uniq().replace(/[^a-z0-9]/g, '')}`;
const NOTICE = `biz_notice_${U}`;
const PLAIN = `biz_plain_${U}`;

const MYSQL_DDL = `CREATE TABLE \`${NOTICE}\` (
  \`notice_id\`      bigint(20)    NOT NULL AUTO_INCREMENT COMMENT '公告ID',
  \`notice_title\`   varchar(50)   NOT NULL                COMMENT '公告标题',
  \`is_top\`         tinyint(1)    DEFAULT '0'             COMMENT '是否置顶',
  \`fee\`            decimal(10,2) DEFAULT NULL            COMMENT '费用',
  \`create_time\`    timestamp     NOT NULL DEFAULT CURRENT_TIMESTAMP COMMENT '创建时间',
  PRIMARY KEY (\`notice_id\`),
  KEY \`idx_title_${U}\` (\`notice_title\`)
) ENGINE=InnoDB AUTO_INCREMENT=10 DEFAULT CHARSET=utf8mb4 COMMENT='通知公告表';`;

async function openList(page: Page) {
  await page.goto('#/tool/gen');
  const list = page.getByTestId('gen-list');
  await expect(list).toBeVisible();
  return list;
}

const rowOf = (page: Page, table: string) => page.getByTestId('gen-table').getByRole('row').filter({ hasText: table });

test('创建 shows an example, refuses in Chinese and takes MySQL DDL with its comments', async ({ page }) => {
  await signIn(page);
  const list = await openList(page);
  await list.getByTestId('btn-create').click();
  const dialog = page.getByTestId('gen-create-dialog');
  const example = dialog.getByTestId('gen-create-example');
  await expect(example).toContainText('支持 SQLite 或 MySQL 建表语句');
  await expect(example).toContainText("AUTO_INCREMENT COMMENT '客户ID'");
  const box = dialog.locator('textarea[name="sql"]');

  // A statement that cannot be read: the message says where and what is accepted, in Chinese.
  await box.fill('CREATE TABLE biz_bad (\n  id int,\n  name varchar(10) 名称\n)');
  await dialog.getByRole('button', { name: '确 定' }).click();
  const error = dialog.getByTestId('gen-create-error');
  await expect(error).toContainText('第1条语句第3行');
  await expect(error).toContainText('支持 SQLite 或 MySQL 的 CREATE TABLE 语句');
  await expect(error).not.toContainText('Failed');
  await expect(dialog).toBeVisible();

  // 填入示例 copies the example; RuoYi's DDL is taken.
  await dialog.getByRole('button', { name: '填入示例' }).click();
  await expect(box).toHaveValue(/CREATE TABLE biz_customer/);
  await expect(error).toHaveCount(0);
  await box.fill(MYSQL_DDL);
  await dialog.getByRole('button', { name: '确 定' }).click();
  await expectToast(page, '创建成功');
  await expect(dialog).toHaveCount(0);
  await list.getByPlaceholder('请输入表名称').fill(NOTICE);
  await list.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(rowOf(page, NOTICE)).toContainText('通知公告表');

  // The comments are the columns' 字段描述.
  await rowOf(page, NOTICE).getByTestId('row-edit').click();
  const edit = page.getByTestId('gen-edit');
  await expect(edit.locator('[data-testid="gen-column-row"][data-column="notice_title"] input[name="columnComment"]')).toHaveValue('公告标题');
  await expect(edit.locator('[data-testid="gen-column-row"][data-column="fee"] input[name="columnComment"]')).toHaveValue('费用');
});

test('提交 from 生成信息 marks and opens the tab of the empty 表描述; import defaults it to the table name', async ({ page, request }) => {
  const headers = await apiAuth(request);
  const res = await request.post('/caishui-api/tool/gen/createTable', { headers, data: { sql: `CREATE TABLE ${PLAIN} (id INTEGER PRIMARY KEY, title varchar(30))` } });
  expect(await res.json()).toMatchObject({ code: 200 });
  await signIn(page);
  const list = await openList(page);
  await list.getByPlaceholder('请输入表名称').fill(PLAIN);
  await list.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(rowOf(page, PLAIN).getByRole('cell', { name: PLAIN, exact: true })).toHaveCount(2);

  await rowOf(page, PLAIN).getByTestId('row-edit').click();
  const edit = page.getByTestId('gen-edit');
  await edit.getByTestId('gen-tab-basic').click();
  const comment = edit.getByTestId('gen-basic-form').locator('input[name="tableComment"]');
  await expect(comment).toHaveValue(PLAIN);
  await comment.fill('');
  await edit.getByTestId('gen-tab-info').click();
  await edit.getByTestId('gen-submit').click();
  await expectToast(page, '表单校验未通过，请重新检查提交内容');
  const basicTab = edit.getByTestId('gen-tab-basic');
  await expect(basicTab).toHaveAttribute('data-invalid', '');
  await expect(basicTab).toHaveAttribute('aria-selected', 'true');
  await expect(edit.getByTestId('gen-tab-info')).not.toHaveAttribute('data-invalid', '');
  await expect(comment).toBeFocused();
  await expect(edit.getByTestId('gen-basic-form')).toContainText('请输入表描述');
  await comment.fill('普通表');
  await expect(basicTab).not.toHaveAttribute('data-invalid', '');
  await edit.getByTestId('gen-submit').click();
  await expectToast(page, '修改成功');
});

test('代码预览: the viewer is fetched with the list and only the open file is highlighted', async ({ page }) => {
  await signIn(page);
  const viewerChunk = page.waitForResponse((r) => /\/assets\/CodeViewer-[\w-]+\.js$/.test(r.url()));
  const list = await openList(page);
  await viewerChunk; // before any 预览 click
  await list.getByPlaceholder('请输入表名称').fill(NOTICE);
  await list.getByRole('button', { name: '搜索', exact: true }).click();
  await rowOf(page, NOTICE).getByTestId('row-preview').click();
  const preview = page.getByTestId('gen-preview');
  await expect(preview.getByTestId('gen-code').locator('.cm-line').first()).toBeVisible();
  await expect(preview.getByTestId('gen-code')).toHaveCount(1);
  await expect(preview.getByTestId('gen-preview-path')).toHaveText(/\.table\.ts$/);
  await preview.getByTestId('gen-preview-tab').filter({ hasText: 'index.tsx' }).click();
  await expect(preview.getByTestId('gen-preview-path')).toHaveText(/index\.tsx$/);
  await expect(preview.getByTestId('gen-code')).toHaveAttribute('data-language', 'typescript');
  await expect(preview.getByTestId('gen-code')).toHaveCount(1);
  await expect(preview.getByTestId('gen-code')).toContainText('通知公告');
});
