/**
 * TypeScript stand-ins for the Java listener classes and beans the Flowable corpus files name
 * (registered by class name, as the engine requires at deploy). They record what they see.
 */
import type { EngineHandlers, ListenerContext } from '../../server/engine';

export interface Recorder { events: string[]; counters: Record<string, number> }

export function handlers(rec: Recorder): EngineHandlers {
  const count = (k: string) => { rec.counters[k] = (rec.counters[k] ?? 0) + 1; };
  return {
    listeners: {
      'org.flowable.engine.test.bpmn.multiinstance.TaskCompletionListener': () => count('taskComplete'),
      'org.flowable.engine.test.bpmn.multiinstance.ActivityStartListener': (c: ListenerContext) =>
        count(c.execution.getVariable('loopCounter') === null ? 'startBody' : 'startInstance'),
      'org.flowable.engine.test.bpmn.multiinstance.CounterExecutionListener': (c) =>
        count(c.execution.getVariable('loopCounter') === null ? 'endBody' : 'endInstance'),
      'org.flowable.examples.bpmn.tasklistener.TaskCreateListener': (c) => c.task!.setDescription('TaskCreateListener is listening!'),
      'org.flowable.examples.bpmn.tasklistener.TaskCompleteListener': (c) => {
        c.execution.setVariable('greeting', `Hello from ${String(c.fields.greeter)}`);
        c.execution.setVariable('shortName', c.fields.shortName);
      },
      'org.flowable.examples.bpmn.tasklistener.TaskAssignmentListener': (c) => c.task!.setDescription(`Assignee changed to ${c.task!.assignee}`),
      'org.flowable.examples.bpmn.tasklistener.TaskAllEventsListener': (c) => rec.events.push(c.eventName),
      'org.flowable.examples.bpmn.executionlistener.ExampleExecutionListenerOne': (c) => {
        c.execution.setVariable('variableSetInExecutionListener', 'firstValue');
        c.execution.setVariable('eventReceived', c.eventName);
      },
      'org.flowable.examples.bpmn.executionlistener.ExampleExecutionListenerTwo': (c) => c.execution.setVariable('variableSetInExecutionListener', 'secondValue'),
      'org.flowable.examples.bpmn.executionlistener.RecorderExecutionListener': (c) => rec.events.push(`${c.eventName}:${String(c.fields.parameter)}`),
    },
    beans: { myPojo: { myMethod: (x: unknown) => { rec.events.push(`myPojo.myMethod(${String(x)})`); return null; } } },
  };
}

