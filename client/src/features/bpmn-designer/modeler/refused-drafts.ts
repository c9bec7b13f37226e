/**
 * Panel drafts the diagram refused (workflow spec §5 'Id 不能为空'): an id field left empty or
 * invalid keeps the element's old id in the model, so 保存模型 would silently deploy under the old
 * process key. The panel reports such drafts here while they are on screen; the save reads them
 * first and refuses with their message.
 */
import type { SaveIssue } from './save-check';

const refused = new Map<string, SaveIssue>();

/** Records (issue) or clears (null) the refused draft of panel field `key`. */
export function reportRefusedDraft(key: string, issue: SaveIssue | null): void {
  if (issue) refused.set(key, issue);
  else refused.delete(key);
}

/** The refused drafts currently on screen, oldest first. */
export function refusedDrafts(): SaveIssue[] {
  return [...refused.values()];
}
