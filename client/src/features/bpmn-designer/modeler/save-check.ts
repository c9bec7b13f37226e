/**
 * The checks 保存模型 runs before anything is sent (workflow spec §5 "Designer and listeners"):
 * the one implementation lives in shared/bpmn/save-rules.ts (the server's
 * `flowable.definition.save` enforces the same rules with the same messages). The first error is
 * shown, its element marked and selected, and nothing is saved; a user task nobody can receive
 * is a warning the user may accept.
 */
export {
  MSG_ID_REQUIRED, MSG_NAME_REQUIRED, checkModel, firstError, hasRecipient, processesOf, unassignedWarning,
  type CheckedElement, type SaveCheck, type SaveIssue,
} from '../../../../../shared/bpmn/save-rules';
