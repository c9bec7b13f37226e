/**
 * Issue 40 item 5: a supported element that is not configured yet is refused by 保存模型
 * (REST `definition/save`) and by `definition/validate` with what to fill in, in the property
 * panel's words (消息, 信号, 被调用流程, 循环基数 / 集合, 定时类型 / 定时值, 处理器), never as
 * 不支持的流程元素 and never with XML terms (messageRef, calledElement, loopCardinality …);
 * nothing is deployed. And a signal with 信号范围 流程实例 (`flowable:scope="processInstance"`)
 * reaches only the instance that throws it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, makeTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await makeTestApp();
  admin = await login(t.app);
});
afterAll(async () => { await t.app.close(); });

const post = (url: string, body: unknown) => call(t.app, 'POST', url, admin, body).then((r) => r.body);
const versions = async (key: string) => (await t.app.deps.engine.listDefinitions({ pageNum: 1, pageSize: 10, key } as never)).rows.length;

/** start → `middle` (one element, id `gap`) → end; `globals` go before the process. */
const model = (key: string, middle: string, globals = '') => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="http://www.flowable.org/processdef">
  ${globals}
  <process id="${key}" name="${key}" isExecutable="true">
    <startEvent id="start_event" name="开始"/>
    <sequenceFlow id="f1" sourceRef="start_event" targetRef="gap"/>
    ${middle}
    <sequenceFlow id="f2" sourceRef="gap" targetRef="end_event"/>
    <endEvent id="end_event" name="结束"/>
  </process>
</definitions>`;

/** `fixed`: the element filled in as the message asks (saved and run once). */
const CASES: Array<{ what: string; middle: string; message: string; fixed?: { middle: string; tasks: number } }> = [
  {
    what: 'a message catch event without a message',
    middle: '<intermediateCatchEvent id="gap" name="等待回款"><messageEventDefinition/></intermediateCatchEvent>',
    message: '消息事件「等待回款」(gap) 还没有选择消息：请在右侧属性面板「消息」中选择一个消息（或点「新增/编辑消息」新建）',
  },
  {
    what: 'a signal catch event without a signal',
    middle: '<intermediateCatchEvent id="gap" name="等待通知"><signalEventDefinition/></intermediateCatchEvent>',
    message: '信号事件「等待通知」(gap) 还没有选择信号：请在右侧属性面板「信号」中选择一个信号（或点「新增/编辑信号」新建）',
  },
  {
    what: 'a call activity without a called process',
    middle: '<callActivity id="gap" name="归档"/>',
    message: '调用活动「归档」(gap) 还没有选择被调用流程：请在右侧属性面板「被调用流程」中选择或输入',
  },
  {
    what: 'a multi-instance user task without cardinality or collection',
    middle: '<userTask id="gap" name="会签" flowable:assignee="1"><multiInstanceLoopCharacteristics isSequential="false"/></userTask>',
    message: '用户任务「会签」(gap)的多实例还没有填写循环基数或集合：请在右侧属性面板点「编辑多实例」，填写「循环基数」或「集合」',
    fixed: {
      middle: '<userTask id="gap" name="会签" flowable:assignee="1"><multiInstanceLoopCharacteristics isSequential="false"><loopCardinality>3</loopCardinality></multiInstanceLoopCharacteristics></userTask>',
      tasks: 3,
    },
  },
  {
    what: 'a timer catch event without a time',
    middle: '<intermediateCatchEvent id="gap" name="等一天"><timerEventDefinition/></intermediateCatchEvent>',
    message: '定时事件「等一天」(gap) 还没有设置定时：请在右侧属性面板选择「定时类型」并填写「定时值」',
  },
  {
    what: 'a service task without a handler',
    middle: '<serviceTask id="gap" name="记账"/>',
    message: '服务任务「记账」(gap) 还没有选择处理器：请在右侧属性面板「处理器」中选择',
  },
];

describe('保存模型 of supported but unconfigured elements says what to fill in (issue 40 item 5)', () => {
  CASES.forEach((c, i) => {
    it(`${c.what}: save answers the panel's words and deploys nothing; validate marks the element`, async () => {
      const key = `gap_${i}`;
      const xml = model(key, c.middle);
      const r = await post('/flowable/definition/save', { name: key, xml });
      expect(r).toEqual({ code: 500, msg: `部署失败: ${c.message}` });
      expect(r.msg).not.toMatch(/不支持的流程元素|messageRef|signalRef|calledElement|loopCardinality|collection|timeDate|class \//);
      expect(await versions(key)).toBe(0);
      const v = await post('/flowable/definition/validate', { xml });
      expect(v.code).toBe(200);
      expect(v.data).toEqual([expect.objectContaining({ elementId: 'gap', message: `部署失败: ${c.message}` })]);
      if (!c.fixed) return;
      // Filled in as asked (e.g. 循环基数 3 alone): saved, and it runs.
      const saved = await post('/flowable/definition/save', { name: key, xml: model(key, c.fixed.middle) });
      expect(saved).toMatchObject({ code: 200 });
      const { instanceId } = await t.app.deps.engine.start({ definitionId: saved.data.definitionId, userId: '1' });
      expect((await t.app.deps.engine.instanceTasks(instanceId)).length).toBe(c.fixed.tasks);
    });
  });
});

/** A process waiting for signal `sig` (名称 月结) in one branch while its task 触发 throws it in the other. */
const signalModel = (key: string, scope: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="http://www.flowable.org/processdef">
  <signal id="sig" name="月结_${key}" ${scope}/>
  <process id="${key}" name="${key}" isExecutable="true">
    <startEvent id="s" name="开始"/>
    <parallelGateway id="fork" name="分支"/>
    <intermediateCatchEvent id="wait" name="等待月结"><signalEventDefinition signalRef="sig"/></intermediateCatchEvent>
    <userTask id="own" name="收到月结" flowable:assignee="1"/>
    <userTask id="trigger" name="触发" flowable:assignee="1"/>
    <intermediateThrowEvent id="throw" name="发出月结"><signalEventDefinition signalRef="sig"/></intermediateThrowEvent>
    <endEvent id="e1" name="结束1"/><endEvent id="e2" name="结束2"/>
    <sequenceFlow id="a" sourceRef="s" targetRef="fork"/>
    <sequenceFlow id="b" sourceRef="fork" targetRef="wait"/>
    <sequenceFlow id="c" sourceRef="wait" targetRef="own"/>
    <sequenceFlow id="d" sourceRef="own" targetRef="e1"/>
    <sequenceFlow id="f" sourceRef="fork" targetRef="trigger"/>
    <sequenceFlow id="g" sourceRef="trigger" targetRef="throw"/>
    <sequenceFlow id="h" sourceRef="throw" targetRef="e2"/>
  </process>
</definitions>`;

describe('信号范围 (issue 40 item 5: flowable:scope on <signal>)', () => {
  /** Starts two instances, completes 触发 in the first, answers the task names of both. */
  async function throwInFirst(key: string, scope: string) {
    const r = await post('/flowable/definition/save', { name: key, xml: signalModel(key, scope) });
    expect(r).toMatchObject({ code: 200 });
    const engine = t.app.deps.engine;
    const first = (await engine.start({ definitionId: r.data.definitionId, userId: '1' })).instanceId;
    const second = (await engine.start({ definitionId: r.data.definitionId, userId: '1' })).instanceId;
    const trigger = (await engine.instanceTasks(first)).find((x) => x.taskDefKey === 'trigger')!;
    await engine.complete({ taskId: trigger.taskId, userId: '1' } as never);
    const names = async (id: string) => (await engine.instanceTasks(id)).map((x) => x.name).sort();
    return { first: await names(first), second: await names(second) };
  }

  it('流程实例: the signal reaches only the throwing instance; 全局 (or no scope): every waiting instance', async () => {
    expect(await throwInFirst('sig_instance', 'flowable:scope="processInstance"')).toEqual({ first: ['收到月结'], second: ['触发'] });
    expect(await throwInFirst('sig_global', 'flowable:scope="global"')).toEqual({ first: ['收到月结'], second: ['收到月结', '触发'].sort() });
    expect(await throwInFirst('sig_default', '')).toEqual({ first: ['收到月结'], second: ['收到月结', '触发'].sort() });
  });
});
