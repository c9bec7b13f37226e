/**
 * Public types of the engine API (server/engine/index.ts): handler registration for listeners
 * and expression beans, and the facades listener handlers receive.
 */

/** What a listener handler sees of the execution (Flowable DelegateExecution, in small). */
export interface ExecutionApi {
  readonly id: string;
  readonly processInstanceId: string;
  readonly processDefinitionId: string;
  readonly processInstanceBusinessKey: string | null;
  /** The activity the token is at (null for process-level listeners). */
  readonly currentActivityId: string | null;
  /** start | end | take (or the task event when called from a task listener). */
  readonly eventName: string;
  getVariable(name: string): unknown;
  getVariableLocal(name: string): unknown;
  hasVariable(name: string): boolean;
  getVariables(): Record<string, unknown>;
  setVariable(name: string, value: unknown): void;
  setVariableLocal(name: string, value: unknown): void;
}

/** What a task listener handler sees of the task (Flowable DelegateTask, in small). */
export interface TaskApi {
  readonly id: string;
  readonly name: string;
  readonly taskDefinitionKey: string;
  readonly assignee: string | null;
  readonly owner: string | null;
  readonly description: string | null;
  readonly priority: number;
  readonly processInstanceId: string;
  readonly executionId: string;
  /** create | assignment | complete | delete. */
  readonly eventName: string;
  getVariable(name: string): unknown;
  setVariable(name: string, value: unknown): void;
  getVariableLocal(name: string): unknown;
  setVariableLocal(name: string, value: unknown): void;
  setDescription(text: string): void;
  setAssignee(userId: string | null): void;
  addCandidateUser(userId: string): void;
  addCandidateGroup(groupId: string): void;
}

export interface ListenerContext {
  eventName: string;
  execution: ExecutionApi;
  /** Set for task listeners. */
  task?: TaskApi;
  /** Field injection values (string values as written; expressions evaluated now). */
  fields: Record<string, unknown>;
  /** The listener element as written (class name or expression text). */
  listener: { kind: 'class' | 'expression' | 'delegateExpression'; value: string };
}

/** A TypeScript listener implementation (runs inside the command's transaction; throw to roll back). */
export type ListenerHandler = (ctx: ListenerContext) => void;

export interface EngineHandlers {
  /**
   * Listener implementations keyed by the `class` attribute (e.g. Flowable's Java class name) or
   * by the bean name of a `delegateExpression="${name}"`. An unregistered class fails the deploy.
   */
  listeners?: Record<string, ListenerHandler>;
  /** Beans callable from expressions (`${myPojo.myMethod(x)}`): only their own function properties. */
  beans?: Record<string, object>;
  /**
   * Service task implementations keyed by `flowable:class` (e.g. `x.y.Z`) or by the bean name of
   * `flowable:delegateExpression="${name}"`. An unregistered name fails the deploy
   * (`部署失败: <id> (bpmn:ServiceTask) 的服务未注册: <value>`).
   */
  services?: Record<string, ServiceHandler>;
  /**
   * The enabled users of groups (role ids → user ids), for 抄送 to roles (issue 16). Called
   * inside the command's transaction. Without it, CC to roles reaches nobody.
   */
  usersOfGroups?: (groupIds: string[]) => string[] | Promise<string[]>;
}

/** What a service handler receives: the execution facade and the injected fields (expressions evaluated now). */
export interface ServiceContext {
  execution: ExecutionApi;
  fields: Record<string, unknown>;
}

/**
 * A service task implementation (Flowable JavaDelegate), run synchronously inside the command's
 * transaction. Throw `new BpmnError(code)` to raise a BPMN error (caught by error boundaries /
 * error event sub-processes, else the command fails); any other throw rolls the command back.
 * The return value is ignored for class / delegateExpression services.
 */
export type ServiceHandler = (ctx: ServiceContext) => unknown;

/**
 * A business error raised by a service handler (Flowable org.flowable.engine.delegate.BpmnError):
 * it travels to the nearest error boundary or error-start event sub-process whose code matches
 * (or catches all); uncaught, the command fails with Flowable's
 * "No catching boundary event found for error with errorCode '<code>'…".
 */
export class BpmnError extends Error {
  constructor(readonly errorCode: string, message?: string) {
    super(message ?? errorCode);
    this.name = 'BpmnError';
  }
}

/**
 * Budgets of one engine (issue 38 §6 "One request stalls the server"): every command is refused
 * with a Chinese message (AppError refused, REST code 500; the transaction rolled back) as soon as it would pass one.
 * Getters are read per command, so a changed setting applies to the next command.
 */
export interface EngineLimits {
  /** Most instances of one multi-instance body (collection size or loopCardinality); default ENGINE_LIMIT_DEFAULTS.maxMultiInstances. */
  maxMultiInstances?: () => number;
  /** Largest JSON text of one variable, in UTF-8 bytes; default ENGINE_LIMIT_DEFAULTS.maxVariableBytes. */
  maxVariableBytes?: () => number;
  /** Most agenda operations one command runs; default ENGINE_LIMIT_DEFAULTS.maxAgendaSteps. */
  maxAgendaSteps?: number;
  /** Most executions (tokens, scopes, multi-instance instances) one instance may hold; default ENGINE_LIMIT_DEFAULTS.maxExecutions. */
  maxExecutions?: number;
  /** Most candidate users of one task, and most 抄送 recipients of one copy; default ENGINE_LIMIT_DEFAULTS.maxRecipients. */
  maxRecipients?: number;
  /** Called every 256 agenda operations while a command runs; throw (an AppError) to stop it (流程模拟's time budget). */
  checkpoint?: () => void;
}

/** Defaults of EngineLimits (issue 38 §6). */
export const ENGINE_LIMIT_DEFAULTS = {
  maxMultiInstances: 1000,
  maxVariableBytes: 1024 * 1024,
  maxAgendaSteps: 100_000,
  maxExecutions: 10_000,
  maxRecipients: 5000,
} as const;
