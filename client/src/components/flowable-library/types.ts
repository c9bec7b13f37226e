/**
 * Row shapes of the designer's libraries (workflow spec §3 "Flow listener", "Expression"; server
 * table `sys_expression` / `sys_listener`, procedures `flowable.expression.*` /
 * `flowable.listener.*`). Codes: listener type '1' task / '2' execution; valueType
 * classListener | expressionListener | delegateExpressionListener; dataType fixed | dynamic;
 * status '0' normal / '1' disabled.
 */

/** A `sys_expression` row as `flowable.expression.list` returns it. */
export interface ExpressionRow {
  id: number;
  name: string;
  expression: string;
  dataType?: string | null;
  status?: string | null;
  remark?: string | null;
  createTime?: string | null;
}

/** What the expression picker hands to `onSelect`. */
export interface PickedExpression {
  id: number;
  name: string;
  expression: string;
  dataType?: string | null;
}

/** A `sys_listener` row as `flowable.listener.list` returns it. */
export interface ListenerRow {
  id: number;
  name: string;
  type: string;
  eventType: string;
  valueType: string;
  value: string;
  status?: string | null;
  remark?: string | null;
  createTime?: string | null;
}

/** What the listener picker hands to `onSelect` (one entry per chosen row). */
export interface PickedListener {
  id: number;
  name: string;
  type: string;
  eventType: string;
  valueType: string;
  value: string;
}

export type ListenerType = '1' | '2';
