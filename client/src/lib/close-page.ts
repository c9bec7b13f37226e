/**
 * RuoYi's $tab.closePage(): closes the current tag and shows the last visited one (home when
 * none is left).
 */
import { delView, tagsStore } from './stores/tags-store';

export function closePage(path: string, navigate: (to: string) => void) {
  delView(path);
  const rest = tagsStore.get().visited;
  const last = rest[rest.length - 1];
  navigate(last ? last.fullPath : '/index');
}

/**
 * Closes the current tag and opens `to` (RuoYi's `$tab.closeOpenPage`); the workflow screens use
 * it after an action succeeds (workflow spec §2 "Routes": complete → /task/todo, start →
 * /task/process, save model → /flowable/definition?t=<timestamp>).
 */
export function closeOpenPage(path: string, to: string, navigate: (to: string) => void) {
  delView(path);
  navigate(to);
}
