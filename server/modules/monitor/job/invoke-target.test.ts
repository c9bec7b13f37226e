/**
 * Invoke targets (reference §5 JobInvokeUtil grammar), registry resolution and the add/edit rule
 * order of SysJobController: parsed, never evaluated; anything not registered is refused.
 */
import { describe, expect, it } from 'vitest';
import { parseArg, parseInvokeTarget, splitArgs } from './invoke-target';
import { resolveTarget, makeRegistry, describeRegistry } from './registry';
import { defaultRegistry } from './handlers';
import { jobRuleProblem, assertJobRules } from './job-rules';

describe('argument parsing', () => {
  it.each([
    ["'ry'", { type: 'String', value: 'ry' }],
    ['"a, b"', { type: 'String', value: 'a, b' }],
    ["''", { type: 'String', value: '' }],
    ['true', { type: 'Boolean', value: true }],
    ['FALSE', { type: 'Boolean', value: false }],
    ['2000L', { type: 'Long', value: 2000 }],
    ['-5L', { type: 'Long', value: -5 }],
    ['316.50D', { type: 'Double', value: 316.5 }],
    ['3D', { type: 'Double', value: 3 }],
    ['1e3D', { type: 'Double', value: 1000 }],
    ['100', { type: 'Integer', value: 100 }],
    ['-2147483648', { type: 'Integer', value: -2147483648 }],
    ['  7  ', { type: 'Integer', value: 7 }],
  ])('%s → %j', (raw, want) => expect(parseArg(raw)).toEqual(want));

  it.each(['', "'open", '"mixed\'', '1.5', 'abc', '2147483648', '12x', 'L', 'D', '1.2.3D', '99999999999999999999L', 'null'])(
    'refuses %j', (raw) => expect(typeof parseArg(raw)).toBe('string'));

  it('splits on commas outside quotes only', () => {
    expect(splitArgs(`'a,b', "c,'d", 3`)).toEqual([`'a,b'`, ` "c,'d"`, ' 3']);
    expect(splitArgs(`'open, 1`)).toBeNull();
  });

  it('parses the reference example into typed arguments', () => {
    expect(parseInvokeTarget("ryTask.ryMultipleParams('ry', true, 2000L, 316.50D, 100)")).toEqual({
      ok: true,
      target: {
        bean: 'ryTask', method: 'ryMultipleParams', classForm: false,
        args: [
          { type: 'String', value: 'ry' }, { type: 'Boolean', value: true }, { type: 'Long', value: 2000 },
          { type: 'Double', value: 316.5 }, { type: 'Integer', value: 100 },
        ],
      },
    });
  });

  it.each([
    ['ryTask.ryNoParams', { bean: 'ryTask', method: 'ryNoParams', classForm: false, args: [] }],
    ['ryTask.ryNoParams()', { bean: 'ryTask', method: 'ryNoParams', classForm: false, args: [] }],
    ['  ryTask.ryNoParams( )  ', { bean: 'ryTask', method: 'ryNoParams', classForm: false, args: [] }],
    ["com.ruoyi.quartz.task.RyTask.ryParams('ry')", { bean: 'com.ruoyi.quartz.task.RyTask', method: 'ryParams', classForm: true, args: [{ type: 'String', value: 'ry' }] }],
  ])('reads %s', (text, target) => expect(parseInvokeTarget(text)).toEqual({ ok: true, target }));

  it.each(['ryNoParams', '.x()', 'ryTask.', 'ryTask.ryParams(', 'ryTask.ryParams(1,)', 'a-b.c()', 'ryTask.ryParams(1) + 1', "ryTask['x']()", '(ryTask).x()'])(
    'refuses the malformed target %j', (text) => expect(parseInvokeTarget(text).ok).toBe(false));
});

describe('registry resolution', () => {
  it.each([
    'ryTask.ryNoParams', 'ryTask.ryNoParams()', "ryTask.ryParams('ry')", "ryTask.ryMultipleParams('ry', true, 2000L, 316.50D, 100)",
    'logTask.clean(30)', 'sessionTask.sweepExpired()', "backupTask.backup('backups', 7)",
  ])('resolves %s', (t) => expect(resolveTarget(defaultRegistry, t).ok).toBe(true));

  it.each([
    ["java.lang.Runtime.exec('x')", 'class form'],
    ['process.exit()', 'unknown bean'],
    ['ryTask.constructor()', 'prototype name'],
    ['ryTask.toString()', 'prototype name'],
    ['ryTask.__proto__()', 'prototype name'],
    ['ryTask.ryRemoved()', 'unknown method'],
    ['ryTask.ryParams(1)', 'Integer where String is declared'],
    ["ryTask.ryParams('a', 'b')", 'too many arguments'],
    ['ryTask.ryNoParams(1)', 'too many arguments'],
    ["ryTask.ryMultipleParams('ry', true, 2000, 316.50D, 100)", 'Integer where Long is declared'],
    ['com.ruoyi.quartz.task.RyTask.ryNoParams()', 'class form, even RuoYi\'s'],
  ])('refuses %s (%s)', (t) => expect(resolveTarget(defaultRegistry, t)).toMatchObject({ ok: false, kind: 'whitelist' }));

  it('never calls a handler while resolving', () => {
    let calls = 0;
    const reg = makeRegistry({ t: { h: { params: ['String'], description: '', run: () => { calls += 1; } } } });
    expect(resolveTarget(reg, "t.h('x')").ok).toBe(true);
    expect(calls).toBe(0);
  });

  it('lists the shipped handlers with their signatures', () => {
    expect(describeRegistry(defaultRegistry).map((d) => d.target)).toEqual([
      'ryTask.ryNoParams()', 'ryTask.ryParams(String)', 'ryTask.ryMultipleParams(String, Boolean, Long, Double, Integer)',
      'logTask.clean(Integer)', 'sessionTask.sweepExpired()', 'backupTask.backup(String, Integer)',
    ]);
  });
});

describe('add/edit rules in the reference order', () => {
  const ok = { jobName: 'j', cronExpression: '0/10 * * * * ?', invokeTarget: 'ryTask.ryNoParams' };
  it.each([
    [{ cronExpression: 'bad' }, 'Cron表达式不正确'],
    [{ cronExpression: 'bad', invokeTarget: "rmi://x" }, 'Cron表达式不正确'],
    [{ cronExpression: '0 0 12 L-3 * ?' }, "Cron表达式无法调度：日字段的 'L-3'（距月末偏移）"],
    [{ invokeTarget: "ryTask.ryParams('rmi://evil/x')" }, "目标字符串不允许'rmi'调用"],
    [{ invokeTarget: "ryTask.ryParams('RMI:x')" }, "目标字符串不允许'rmi'调用"],
    [{ invokeTarget: "ryTask.ryParams('ldap://x')" }, "目标字符串不允许'ldap(s)'调用"],
    [{ invokeTarget: "ryTask.ryParams('LDAPS://x')" }, "目标字符串不允许'ldap(s)'调用"],
    [{ invokeTarget: "ryTask.ryParams('http://x')" }, "目标字符串不允许'http(s)'调用"],
    [{ invokeTarget: "ryTask.ryParams('https://x')" }, "目标字符串不允许'http(s)'调用"],
    [{ invokeTarget: "org.springframework.jndi.JndiLocatorDelegate.lookup('x')" }, '目标字符串存在违规'],
    [{ invokeTarget: "ryTask.ryParams('java.net.URL')" }, '目标字符串存在违规'],
    [{ invokeTarget: "ryTask.ryParams(require('child_process'))" }, '目标字符串存在违规'],
    [{ invokeTarget: "java.lang.Runtime.exec('x')" }, '目标字符串不在白名单内'],
    [{ invokeTarget: 'process.exit()' }, '目标字符串不在白名单内'],
    [{ invokeTarget: 'ryTask.ryParams(1)' }, '目标字符串不在白名单内'],
    [{ invokeTarget: "backupTask.backup('../outside', 7)" }, "备份目录不能包含'..'"],
    [{ invokeTarget: "backupTask.backup('/etc', 7)" }, '备份目录须为数据目录下的相对路径'],
    [{ invokeTarget: "backupTask.backup('backups', 0)" }, '保留份数须在 1-100 之间'],
    [{ invokeTarget: 'logTask.clean(0)' }, '保留天数须在 1-3650 之间'],
  ])('%j → %s', (patch, want) => expect(jobRuleProblem({ ...ok, ...patch }, defaultRegistry)).toBe(want));

  it('passes a good job and names the action and job in errors', () => {
    expect(jobRuleProblem(ok, defaultRegistry)).toBeUndefined();
    expect(() => assertJobRules({ ...ok, invokeTarget: 'process.exit()' }, '修改', defaultRegistry))
      .toThrow("修改任务'j'失败，目标字符串不在白名单内");
  });
});
