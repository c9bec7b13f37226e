/**
 * Hand-written BPMN models for the timer / message / signal tests (flowable: dialect).
 */
const head = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="test">`;

/** A whole definitions document around `body` (process `key`); `globals` go before the process (messages, signals). */
export function model(key: string, body: string, globals = ''): string {
  return `${head}\n${globals}\n<process id="${key}" name="${key}" isExecutable="true">\n${body}\n</process></definitions>`;
}

export const timer = (kind: 'timeDuration' | 'timeDate' | 'timeCycle', value: string) =>
  `<timerEventDefinition><${kind} xsi:type="tFormalExpression">${value}</${kind}></timerEventDefinition>`;

/** start → catch timer → after (user task) → end. */
export const catchTimerXml = (value = 'PT10M', kind: 'timeDuration' | 'timeDate' | 'timeCycle' = 'timeDuration') => model('catchTimer', `
<startEvent id="start"/>
<intermediateCatchEvent id="wait" name="等待">${timer(kind, value)}</intermediateCatchEvent>
<userTask id="after" name="之后" flowable:assignee="\${INITIATOR}"/>
<endEvent id="end"/>
<sequenceFlow id="f1" sourceRef="start" targetRef="wait"/>
<sequenceFlow id="f2" sourceRef="wait" targetRef="after"/>
<sequenceFlow id="f3" sourceRef="after" targetRef="end"/>`);

/**
 * start → approve (user task, assignee 'a') with an interrupting PT1H boundary → escalate
 * (assignee 'boss'), and a non-interrupting boundary `reminder` (`remind`) → remind task (assignee 'a').
 */
export const boundaryTimerXml = (remind = 'R1/PT30M', escalate = 'PT1H', key = 'boundaryTimer') => model(key, `
<startEvent id="start"/>
<userTask id="approve" name="审批" flowable:assignee="a"/>
<boundaryEvent id="escalateTimer" attachedToRef="approve" cancelActivity="true">${timer('timeDuration', escalate)}</boundaryEvent>
<boundaryEvent id="remindTimer" attachedToRef="approve" cancelActivity="false">${timer('timeCycle', remind)}</boundaryEvent>
<userTask id="escalate" name="升级审批" flowable:assignee="boss"/>
<userTask id="remind" name="催办" flowable:assignee="a"/>
<endEvent id="end"/>
<endEvent id="end2"/>
<endEvent id="end3"/>
<sequenceFlow id="f1" sourceRef="start" targetRef="approve"/>
<sequenceFlow id="f2" sourceRef="approve" targetRef="end"/>
<sequenceFlow id="f3" sourceRef="escalateTimer" targetRef="escalate"/>
<sequenceFlow id="f4" sourceRef="escalate" targetRef="end2"/>
<sequenceFlow id="f5" sourceRef="remindTimer" targetRef="remind"/>
<sequenceFlow id="f6" sourceRef="remind" targetRef="end3"/>`);

/** start → first (user task 'a', interrupting PT1H boundary → late) → second ('b') → end. */
export const returnTimerXml = model('returnTimer', `
<startEvent id="start"/>
<userTask id="first" name="填写" flowable:assignee="a"/>
<boundaryEvent id="firstTimer" attachedToRef="first">${timer('timeDuration', 'PT1H')}</boundaryEvent>
<userTask id="second" name="复核" flowable:assignee="b"/>
<userTask id="late" name="超时处理" flowable:assignee="boss"/>
<endEvent id="end"/>
<endEvent id="end2"/>
<sequenceFlow id="f1" sourceRef="start" targetRef="first"/>
<sequenceFlow id="f2" sourceRef="first" targetRef="second"/>
<sequenceFlow id="f3" sourceRef="second" targetRef="end"/>
<sequenceFlow id="f4" sourceRef="firstTimer" targetRef="late"/>
<sequenceFlow id="f5" sourceRef="late" targetRef="end2"/>`);

/** Timer start event (`value` as timeCycle / timeDate) → task (candidate group 2) → end. */
export const timerStartXml = (value: string, kind: 'timeCycle' | 'timeDate' | 'timeDuration' = 'timeCycle', taskName = '定时任务') => model('timerStart', `
<startEvent id="tstart">${timer(kind, value)}</startEvent>
<userTask id="work" name="${taskName}" flowable:candidateGroups="2"/>
<endEvent id="end"/>
<sequenceFlow id="f1" sourceRef="tstart" targetRef="work"/>
<sequenceFlow id="f2" sourceRef="work" targetRef="end"/>`);

/** start → catch timer PT5M → XOR (only `${go}`, no default) → done → end: fails to fire while go is false. */
export const failingTimerXml = model('failingTimer', `
<startEvent id="start"/>
<intermediateCatchEvent id="wait">${timer('timeDuration', 'PT5M')}</intermediateCatchEvent>
<exclusiveGateway id="xor"/>
<userTask id="done" name="完成" flowable:assignee="a"/>
<endEvent id="end"/>
<sequenceFlow id="f1" sourceRef="start" targetRef="wait"/>
<sequenceFlow id="f2" sourceRef="wait" targetRef="xor"/>
<sequenceFlow id="f3" sourceRef="xor" targetRef="done"><conditionExpression xsi:type="tFormalExpression">\${go}</conditionExpression></sequenceFlow>
<sequenceFlow id="f4" sourceRef="done" targetRef="end"/>`);

const messages = `<message id="msgPay" name="paid"/><message id="msgCancel" name="cancelOrder"/><message id="msgNewOrder" name="newOrder"/>
<signal id="sigAlert" name="alert"/><signal id="sigGo" name="go"/>`;

/** start → wait for message `paid` → ship (user task) → end. */
export const messageCatchXml = model('messageCatch', `
<startEvent id="start"/>
<intermediateCatchEvent id="waitPay">\n<messageEventDefinition messageRef="msgPay"/></intermediateCatchEvent>
<userTask id="ship" name="发货" flowable:assignee="\${INITIATOR}"/>
<endEvent id="end"/>
<sequenceFlow id="f1" sourceRef="start" targetRef="waitPay"/>
<sequenceFlow id="f2" sourceRef="waitPay" targetRef="ship"/>
<sequenceFlow id="f3" sourceRef="ship" targetRef="end"/>`, messages);

/**
 * start → order (user task 'a') with an interrupting message boundary `cancelOrder` → cancelled
 * task, and a non-interrupting signal boundary `alert` → notice task.
 */
export const messageBoundaryXml = model('messageBoundary', `
<startEvent id="start"/>
<userTask id="order" name="处理订单" flowable:assignee="a"/>
<boundaryEvent id="cancelMsg" attachedToRef="order" cancelActivity="true"><messageEventDefinition messageRef="msgCancel"/></boundaryEvent>
<boundaryEvent id="alertSig" attachedToRef="order" cancelActivity="false"><signalEventDefinition signalRef="sigAlert"/></boundaryEvent>
<userTask id="cancelled" name="已取消" flowable:assignee="a"/>
<userTask id="notice" name="告警" flowable:assignee="a"/>
<endEvent id="end"/><endEvent id="end2"/><endEvent id="end3"/>
<sequenceFlow id="f1" sourceRef="start" targetRef="order"/>
<sequenceFlow id="f2" sourceRef="order" targetRef="end"/>
<sequenceFlow id="f3" sourceRef="cancelMsg" targetRef="cancelled"/>
<sequenceFlow id="f4" sourceRef="cancelled" targetRef="end2"/>
<sequenceFlow id="f5" sourceRef="alertSig" targetRef="notice"/>
<sequenceFlow id="f6" sourceRef="notice" targetRef="end3"/>`, messages);

/** Message start `newOrder` → review (user task assignee ${INITIATOR}) → end. */
export const messageStartXml = model('messageStart', `
<startEvent id="msgStart"><messageEventDefinition messageRef="msgNewOrder"/></startEvent>
<userTask id="review" name="审核订单" flowable:assignee="\${INITIATOR}"/>
<endEvent id="end"/>
<sequenceFlow id="f1" sourceRef="msgStart" targetRef="review"/>
<sequenceFlow id="f2" sourceRef="review" targetRef="end"/>`, messages);

/** Signal start (`sigAlert` = alert, `sigGo` = go) → handle (candidate group 2) → end. */
export const signalStartXml = (signalRef = 'sigAlert') => model('signalStart', `
<startEvent id="sigStart"><signalEventDefinition signalRef="${signalRef}"/></startEvent>
<userTask id="handle" name="处理告警" flowable:candidateGroups="2"/>
<endEvent id="end"/>
<sequenceFlow id="f1" sourceRef="sigStart" targetRef="handle"/>
<sequenceFlow id="f2" sourceRef="handle" targetRef="end"/>`, messages);

/** start → wait for signal `go` → proceed (user task) → end. */
export const signalCatchXml = model('signalCatch', `
<startEvent id="start"/>
<intermediateCatchEvent id="waitGo"><signalEventDefinition signalRef="sigGo"/></intermediateCatchEvent>
<userTask id="proceed" name="继续" flowable:assignee="\${INITIATOR}"/>
<endEvent id="end"/>
<sequenceFlow id="f1" sourceRef="start" targetRef="waitGo"/>
<sequenceFlow id="f2" sourceRef="waitGo" targetRef="proceed"/>
<sequenceFlow id="f3" sourceRef="proceed" targetRef="end"/>`, messages);

/** start → prepare (user task) → throw signal `go` → done (user task) → end. */
export const signalThrowXml = model('signalThrow', `
<startEvent id="start"/>
<userTask id="prepare" name="准备" flowable:assignee="\${INITIATOR}"/>
<intermediateThrowEvent id="throwGo"><signalEventDefinition signalRef="sigGo"/></intermediateThrowEvent>
<userTask id="done" name="已通知" flowable:assignee="\${INITIATOR}"/>
<endEvent id="end"/>
<sequenceFlow id="f1" sourceRef="start" targetRef="prepare"/>
<sequenceFlow id="f2" sourceRef="prepare" targetRef="throwGo"/>
<sequenceFlow id="f3" sourceRef="throwGo" targetRef="done"/>
<sequenceFlow id="f4" sourceRef="done" targetRef="end"/>`, messages);

/** start → receive task `waitReply` (interrupting message boundary `cancelOrder` → cancelled) → reply task → end. */
export const receiveTaskXml = model('receiveTask', `
<startEvent id="start"/>
<receiveTask id="waitReply" name="等待回执"/>
<boundaryEvent id="cancelMsg" attachedToRef="waitReply"><messageEventDefinition messageRef="msgCancel"/></boundaryEvent>
<userTask id="reply" name="处理回执" flowable:assignee="\${INITIATOR}"/>
<userTask id="cancelled" name="已取消" flowable:assignee="\${INITIATOR}"/>
<endEvent id="end"/><endEvent id="end2"/>
<sequenceFlow id="f1" sourceRef="start" targetRef="waitReply"/>
<sequenceFlow id="f2" sourceRef="waitReply" targetRef="reply"/>
<sequenceFlow id="f3" sourceRef="reply" targetRef="end"/>
<sequenceFlow id="f4" sourceRef="cancelMsg" targetRef="cancelled"/>
<sequenceFlow id="f5" sourceRef="cancelled" targetRef="end2"/>`, messages);

/**
 * main (user task 'a') with two process-level event sub-processes: a non-interrupting message
 * start `paid` → note task, and an interrupting timer start PT2H → timeout task.
 */
export const eventSubProcessXml = model('eventSub', `
<startEvent id="start"/>
<userTask id="main" name="主任务" flowable:assignee="a"/>
<endEvent id="end"/>
<sequenceFlow id="f1" sourceRef="start" targetRef="main"/>
<sequenceFlow id="f2" sourceRef="main" targetRef="end"/>
<subProcess id="onPaid" triggeredByEvent="true">
  <startEvent id="paidStart" isInterrupting="false"><messageEventDefinition messageRef="msgPay"/></startEvent>
  <userTask id="note" name="登记付款" flowable:assignee="a"/>
  <endEvent id="noteEnd"/>
  <sequenceFlow id="s1" sourceRef="paidStart" targetRef="note"/>
  <sequenceFlow id="s2" sourceRef="note" targetRef="noteEnd"/>
</subProcess>
<subProcess id="onTimeout" triggeredByEvent="true">
  <startEvent id="timeoutStart">${timer('timeDuration', 'PT2H')}</startEvent>
  <userTask id="timeout" name="超时处理" flowable:assignee="boss"/>
  <endEvent id="timeoutEnd"/>
  <sequenceFlow id="s3" sourceRef="timeoutStart" targetRef="timeout"/>
  <sequenceFlow id="s4" sourceRef="timeout" targetRef="timeoutEnd"/>
</subProcess>`, messages);
