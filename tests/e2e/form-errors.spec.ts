/**
 * A form item's message takes no room (client/src/components/form/form-kit.tsx FormError, as
 * el-form-item__error): showing it moves nothing. Before, the message pushed the items below it
 * down; a blur check fired by the mousedown on 确 定 moved the button from under the pointer before
 * the mouseup, and the click was lost (seen in the e2e runs as a 确 定 that checked nothing). The
 * form renderer's items (designed forms) are checked the same way in form-designer-panel.spec.
 */
import { expect, test } from '@playwright/test';
import { animationsDone, signIn } from './helpers';

test('a message shown on blur moves nothing, and 确 定 pressed from a field whose blur adds one still checks the form', async ({ page }) => {
  await signIn(page);
  await page.goto('#/system/dept');
  await expect(page.getByTestId('dept-table')).toContainText('深圳总公司');
  await page.getByTestId('dept-table').getByTestId('row-add').first().click();
  const dialog = page.getByTestId('dept-dialog');
  await expect(dialog).toContainText('添加部门');
  const confirm = dialog.getByRole('button', { name: '确 定' });
  const email = dialog.locator('input[name="email"]');
  // Measured once the dialog's opening animation (a scale-in) has ended.
  await animationsDone(dialog);
  const before = await confirm.boundingBox();

  await dialog.locator('input[name="phone"]').fill('12345');
  await email.fill('bad-mail');
  await email.blur();
  await expect(dialog.getByTestId('form-error')).toHaveText(['请输入正确的手机号码', '请输入正确的邮箱地址']);
  expect(await confirm.boundingBox()).toEqual(before);

  // The pointer goes down on 确 定 while 部门名称 (empty, required) has the focus: its blur check
  // shows a message, the button stays where it was, and the click checks the whole form.
  await dialog.locator('input[name="deptName"]').focus();
  await confirm.click();
  await expect(dialog.getByTestId('form-error')).toHaveText(['部门名称不能为空', '显示排序不能为空', '请输入正确的手机号码', '请输入正确的邮箱地址']);
  expect(await confirm.boundingBox()).toEqual(before);
});
