/**
 * 个人中心 /user/profile (platform spec §2 Profile, §5 "Profile" / "Password change" / "Avatar",
 * §8 "Avatar success"): the card, the basic-info and password tabs with their messages, and an
 * avatar picked, zoomed, rotated, cropped and uploaded (a PNG generated here). A fresh user is
 * used so the shared seed users keep their data.
 */
import { expect, test } from '@playwright/test';
import { shot, signIn } from './helpers';
import { apiAuth, expectToast, makePng, uniq } from './admin-api';

test('profile card, basic info, password and avatar', async ({ page, request }) => {
  const id = uniq();
  const userName = `pf_${id}`;
  const phone = `137${String(Date.now()).slice(-8)}`;
  const headers = await apiAuth(request);
  const created = await request.post('/caishui-api/system/user', {
    headers,
    data: {
      userName, nickName: `资料${id}`, password: 'pfPass01', deptId: 105, phonenumber: phone, email: `${userName}@e2e.cn`,
      sex: '0', roleIds: [2], postIds: [2],
    },
  });
  expect(((await created.json()) as { code: number }).code).toBe(200);

  await signIn(page, { username: userName, password: 'pfPass01' });
  await page.getByTestId('avatar-menu').click();
  await page.getByRole('menuitem', { name: '个人中心' }).click();
  await expect(page).toHaveURL(/#\/user\/profile$/);
  const card = page.getByTestId('profile-card');
  await expect(card.getByTestId('profile-userName')).toContainText(userName);
  await expect(card.getByTestId('profile-phone')).toContainText(phone);
  await expect(card.getByTestId('profile-email')).toContainText(`${userName}@e2e.cn`);
  await expect(card.getByTestId('profile-dept')).toContainText('测试部门 / 项目经理');
  await expect(card.getByTestId('profile-roles')).toContainText('普通角色');
  await expect(card.getByTestId('profile-createTime')).toContainText(/\d{4}-\d{2}-\d{2}/);

  // 基本资料: spec §5 messages, then a new nickname that the navbar shows.
  const info = page.getByTestId('profile-info-form');
  await expect(info.locator('input[name="nickName"]')).toHaveValue(`资料${id}`);
  await info.locator('input[name="nickName"]').fill('');
  await info.locator('input[name="email"]').fill('');
  await info.locator('input[name="phonenumber"]').fill('');
  await info.getByRole('button', { name: '保存' }).click();
  await expect(info).toContainText('用户昵称不能为空');
  await expect(info).toContainText('邮箱地址不能为空');
  await expect(info).toContainText('手机号码不能为空');
  await info.locator('input[name="email"]').fill('bad@');
  await info.locator('input[name="phonenumber"]').fill('12345678901');
  await info.getByRole('button', { name: '保存' }).click();
  await expect(info).toContainText('请输入正确的邮箱地址');
  await expect(info).toContainText('请输入正确的手机号码');
  await shot(page, 'profile-validation');
  await info.locator('input[name="nickName"]').fill(`新昵称${id}`);
  await info.locator('input[name="email"]').fill(`new_${userName}@e2e.cn`);
  await info.locator('input[name="phonenumber"]').fill(phone);
  await info.getByText('女').click();
  await info.getByRole('button', { name: '保存' }).click();
  await expectToast(page, '修改成功');
  await expect(page.getByTestId('nav-user')).toContainText(`新昵称${id}`);
  await expect(card.getByTestId('profile-email')).toContainText(`new_${userName}@e2e.cn`);

  // 修改密码.
  await page.getByRole('tab', { name: '修改密码' }).click();
  const pwd = page.getByTestId('profile-pwd-form');
  await pwd.getByRole('button', { name: '保存' }).click();
  await expect(pwd).toContainText('旧密码不能为空');
  await expect(pwd).toContainText('新密码不能为空');
  await expect(pwd).toContainText('确认密码不能为空');
  await pwd.getByPlaceholder('请输入旧密码').fill('wrong-old');
  await pwd.getByPlaceholder('请输入新密码').fill('abc');
  await pwd.getByPlaceholder('请确认新密码').fill('abcd');
  await pwd.getByRole('button', { name: '保存' }).click();
  await expect(pwd).toContainText('长度在 6 到 20 个字符');
  await expect(pwd).toContainText('两次输入的密码不一致');
  await pwd.getByPlaceholder('请输入新密码').fill('pfPass02');
  await pwd.getByPlaceholder('请确认新密码').fill('pfPass02');
  await pwd.getByRole('button', { name: '保存' }).click();
  await expectToast(page, '修改密码失败，旧密码错误');
  await pwd.getByPlaceholder('请输入旧密码').fill('pfPass01');
  await pwd.getByRole('button', { name: '保存' }).click();
  await expectToast(page, '修改成功');
  await shot(page, 'profile-password');

  // 修改头像: a non-image is refused; a PNG is zoomed, rotated, cropped and uploaded.
  await page.getByTestId('profile-avatar').click();
  const dialog = page.getByTestId('avatar-dialog');
  await expect(dialog).toContainText('修改头像');
  await dialog.getByTestId('avatar-file').setInputFiles({ name: 'note.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expectToast(page, '文件格式错误，请上传图片类型,如：JPG，PNG后缀的文件。');
  await dialog.getByTestId('avatar-file').setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: makePng(480, 320) });
  await expect(dialog.getByTestId('avatar-cropper').locator('img')).toBeVisible();
  await dialog.getByRole('button', { name: '放大' }).click();
  await dialog.getByRole('button', { name: '放大' }).click();
  await dialog.getByRole('button', { name: '向右旋转' }).click();
  await dialog.getByRole('button', { name: '向左旋转' }).click();
  await dialog.getByRole('button', { name: '缩小' }).click();
  await expect(dialog.getByTestId('avatar-preview').locator('img')).toHaveAttribute('src', /^blob:/);
  await shot(page, 'profile-avatar-dialog');
  await dialog.getByRole('button', { name: '提 交' }).click();
  await expectToast(page, '修改成功');
  await expect(dialog).toHaveCount(0);
  const img = page.getByTestId('profile-avatar-img');
  // Its plain address, opened by the file cookie: no token in the image URL (issue 11 §4, issue 41 §3).
  await expect(img).toHaveAttribute('src', /^\/caishui-api\/profile\/avatar\//);
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(200);
  await shot(page, 'profile');

  // The new password signs in.
  const again = await request.post('/caishui-api/login', { data: { username: userName, password: 'pfPass02' } });
  expect(((await again.json()) as { code: number }).code).toBe(200);
});
