/**
 * RuoYi's $tab.closePage(): closes the current tag and shows the last visited one (home when
 * none is left).
 */
import { delView, tagsStore } from '../../../../app/stores/tags-store';

export function closePage(path: string, navigate: (to: string) => void) {
  delView(path);
  const rest = tagsStore.get().visited;
  const last = rest[rest.length - 1];
  navigate(last ? last.fullPath : '/index');
}
