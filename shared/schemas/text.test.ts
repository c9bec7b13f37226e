/**
 * Control characters in text input (issue 11 §4): one-line fields refuse every C0 control and DEL,
 * multi-line fields keep tab and line breaks, JSON values are checked at any depth; the schemas
 * answer `${label}不能包含控制字符`.
 */
import { describe, expect, it } from 'vitest';
import { controlCharsMessage, isCleanValue, isMultiLine, isOneLine } from './text';
import { nickNameInput, userAddInput, userListInput } from './system/user';
import { deptAddInput, filterText, optionalText, requiredText } from './system/dept';
import { configAddInput } from './system/config';
import { jobAddInput } from './job';
import { loginInput } from './auth';
import { formAddInput, startInput, taskActionInput } from './flowable';

const REFUSED = [...Array.from({ length: 9 }, (_, i) => i), 0x0b, 0x0c, ...Array.from({ length: 18 }, (_, i) => 0x0e + i), 0x7f].map((c) => String.fromCharCode(c));
const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('isOneLine / isMultiLine / isCleanValue', () => {
  it('refuses U+0000-U+0008, U+000B, U+000C, U+000E-U+001F and U+007F everywhere', () => {
    expect(REFUSED).toHaveLength(30);
    for (const c of REFUSED) {
      expect(isOneLine(`a${c}b`), c.charCodeAt(0).toString(16)).toBe(false);
      expect(isMultiLine(`a${c}b`), c.charCodeAt(0).toString(16)).toBe(false);
    }
  });

  it('allows tab, LF and CR only in multi-line text; other text passes', () => {
    for (const c of ['\t', '\n', '\r']) {
      expect(isOneLine(`a${c}b`)).toBe(false);
      expect(isMultiLine(`a${c}b`)).toBe(true);
    }
    for (const s of ['', '张三 李四', 'a%_b', 'emoji 😀', '\u0080\u00a0\u2028 x', '${a == "x"}']) {
      expect(isOneLine(s), s).toBe(true);
      expect(isMultiLine(s), s).toBe(true);
    }
  });

  it('checks every key and text of a JSON value', () => {
    expect(isCleanValue({ a: ['x\ny', { b: 1, c: null, d: true }] })).toBe(true);
    expect(isCleanValue({ a: [{ b: 'x\u0000' }] })).toBe(false);
    expect(isCleanValue({ 'k\u0001': 1 })).toBe(false);
    expect(isCleanValue('plain')).toBe(true);
    expect(controlCharsMessage('备注')).toBe('备注不能包含控制字符');
  });
});

describe('the input schemas', () => {
  it('refuse control characters in names, keys, filters and comments with the field named', () => {
    expect(firstMessage(nickNameInput.safeParse('张\u0000三'))).toBe('用户昵称不能包含控制字符');
    expect(firstMessage(userAddInput.safeParse({ userName: 'ab\tc', nickName: 'x', password: 'abc12345' }))).toBe('用户账号不能包含控制字符');
    expect(firstMessage(userAddInput.safeParse({ userName: 'abc', nickName: 'x', password: 'abc\u000712345' }))).toBe('用户密码不能包含控制字符');
    expect(firstMessage(userListInput.safeParse({ userName: '\u001b[31m' }))).toBe('用户账号不能包含控制字符');
    expect(firstMessage(deptAddInput.safeParse({ parentId: 100, deptName: '财务\u007f部', orderNum: 1 }))).toBe('部门名称不能包含控制字符');
    expect(firstMessage(configAddInput.safeParse({ configName: 'a\nb', configKey: 'k', configValue: 'v' }))).toBe('参数名称不能包含控制字符');
    expect(firstMessage(configAddInput.safeParse({ configName: 'a', configKey: 'k', configValue: 'v\u0000' }))).toBe('参数键值不能包含控制字符');
    expect(firstMessage(jobAddInput.safeParse({ jobName: 'j\u0000', invokeTarget: 'ryTask.ryNoParams', cronExpression: '0 * * * * ?' }))).toBe('任务名称不能包含控制字符');
    expect(firstMessage(loginInput.safeParse({ username: 'admin\u0000', password: 'x' }))).toBe('用户账号不能包含控制字符');
    expect(firstMessage(taskActionInput.safeParse({ taskId: 't1', comment: '同意\u0000' }))).toBe('审批意见不能包含控制字符');
    expect(firstMessage(taskActionInput.safeParse({ taskId: 't\u00001' }))).toBe('任务ID不能包含控制字符');
    expect(firstMessage(startInput.safeParse({ procDefId: 'p:1', variables: { form: { days: '3\u0000' } } }))).toBe('流程变量不能包含控制字符');
    expect(firstMessage(formAddInput.safeParse({ formName: 'f', formContent: { fields: [{ label: 'x\u0008' }] } }))).toBe('表单内容不能包含控制字符');
    expect(firstMessage(filterText.safeParse('a\u0000'))).toBe('查询条件不能包含控制字符');
  });

  it('keep valid input, with line breaks in multi-line fields', () => {
    expect(configAddInput.parse({ configName: '名称', configKey: 'a.b', configValue: '第一行\r\n第二行\t缩进', remark: '备注\n两行' }))
      .toMatchObject({ configValue: '第一行\r\n第二行\t缩进', remark: '备注\n两行' });
    expect(userAddInput.parse({ userName: 'zhang_san', nickName: '张三 (财务)', password: 'abc12345', remark: 'a\r\nb' }).remark).toBe('a\r\nb');
    expect(taskActionInput.parse({ taskId: 't1', comment: '同意。\n请财务跟进', variables: { note: 'x\ny', n: 1 } }).comment).toBe('同意。\n请财务跟进');
    expect(formAddInput.parse({ formName: 'f', formContent: '{\n  "fields": []\n}' }).formContent).toBe('{\n  "fields": []\n}');
    expect(requiredText('名称', 10).parse('  a b  ')).toBe('a b');
    expect(optionalText('备注', 10, 'multiline').parse('a\nb')).toBe('a\nb');
    expect(firstMessage(optionalText('路由地址', 10).safeParse('a\nb'))).toBe('路由地址不能包含控制字符');
    expect(loginInput.parse({ username: 'admin', password: 'pa\tss' }).password).toBe('pa\tss');
  });
});
