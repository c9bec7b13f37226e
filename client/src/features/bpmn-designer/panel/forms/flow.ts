/**
 * Sequence flow and gateway data (workflow spec §2 "Property panels by element type"; reference §6:
 * `<conditionExpression xsi:type="tFormalExpression">${...}</conditionExpression>`, optional
 * `flowable:skipExpression`; exclusive / inclusive gateways pick a default flow).
 */
import { ext, orUndef, type ModdleEl, type ModdleOps } from '../ops';

/** The condition text of a flow ('' when none). */
export function readCondition(flow: ModdleEl): string {
  const c = flow.get('conditionExpression') as ModdleElOrUndef;
  return String(c?.get('body') ?? '');
}
type ModdleElOrUndef = ModdleEl | undefined;

/** Writes the condition as a `bpmn:FormalExpression`; blank removes it. */
export function writeCondition(ops: ModdleOps, flow: ModdleEl, text: string): void {
  const body = orUndef(text);
  ops.update(flow, { conditionExpression: body ? ops.create('bpmn:FormalExpression', { body }, flow) : undefined });
}

/** Outgoing flows of a gateway as select options (name, else id). */
export function outgoingOptions(gateway: ModdleEl): { value: string; label: string }[] {
  return ((gateway.get('outgoing') as ModdleEl[] | undefined) ?? []).map((f) => ({ value: String(f.id), label: f.name ? `${f.name} (${f.id})` : String(f.id) }));
}

export const readDefaultFlow = (gateway: ModdleEl) => String((gateway.get('default') as ModdleEl | undefined)?.id ?? '');

/** Sets the default flow by id ('' removes it). */
export function writeDefaultFlow(ops: ModdleOps, gateway: ModdleEl, flowId: string): void {
  const flow = ((gateway.get('outgoing') as ModdleEl[] | undefined) ?? []).find((f) => f.id === flowId);
  ops.update(gateway, { default: flow });
}
