/**
 * The rich-text editor's image node (tiptap Image) for stored files: the HTML keeps the url as
 * stored (`/caishui-api/profile/…`, or RuoYi's `/profile/…`), and the editor shows it by its plain
 * address with the API prefix (served-file.tsx shownUrl): the file cookie set at sign-in opens
 * `/profile/**` for an `<img>` (issue 41 §3), so no token goes into an image URL (issue 11 §4).
 */
import Image from '@tiptap/extension-image';
import { shownUrl } from '../upload/served-file';

/** tiptap Image whose node view shows `/profile/…` srcs under the API prefix; other srcs as they are. */
export const ServedImageNode = Image.extend({
  addNodeView() {
    return ({ node }) => {
      const img = document.createElement('img');
      let shown: string | undefined;
      const apply = (attrs: Record<string, unknown>) => {
        const src = shownUrl(String(attrs.src ?? ''));
        // Setting the same src again would load it again (served files are no-store).
        if (src !== shown) {
          shown = src;
          if (src) img.src = src;
          else img.removeAttribute('src');
        }
        img.alt = String(attrs.alt ?? '');
        if (attrs.title) img.title = String(attrs.title);
        else img.removeAttribute('title');
      };
      apply(node.attrs);
      return {
        dom: img,
        update: (updated) => {
          if (updated.type.name !== node.type.name) return false;
          apply(updated.attrs);
          return true;
        },
      };
    };
  },
});
