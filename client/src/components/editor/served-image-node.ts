/**
 * The rich-text editor's image node (tiptap Image) for stored files (issue 11 §4): the HTML keeps
 * the plain url (`/caishui-api/profile/…`), while the editor shows a served image through a blob:
 * URL fetched with the bearer header, so no token goes into an image URL. Other srcs (http, data:)
 * are shown as they are.
 */
import Image from '@tiptap/extension-image';
import { servedUrl } from '../upload/rules';
import { fetchServedObjectUrl } from '../upload/served-file';

/**
 * Images of served files are fetched with the header and shown through a blob: URL (revoked when
 * the src changes or the node goes), while the HTML keeps the plain url; other srcs as they are.
 */
export const ServedImageNode = Image.extend({
  addNodeView() {
    return ({ node }) => {
      const img = document.createElement('img');
      let shown: string | null = null;
      let blob: string | null = null;
      let abort: AbortController | null = null;
      const release = () => {
        abort?.abort();
        abort = null;
        if (blob) URL.revokeObjectURL(blob);
        blob = null;
      };
      const show = (src: string) => {
        if (src === shown) return;
        shown = src;
        release();
        const target = servedUrl(src);
        if (!target.withHeader) {
          img.src = target.url;
          return;
        }
        img.removeAttribute('src');
        const ctl = new AbortController();
        abort = ctl;
        fetchServedObjectUrl(target.url, ctl.signal)
          .then((made) => {
            if (ctl.signal.aborted) return URL.revokeObjectURL(made);
            blob = made;
            img.src = made;
          })
          .catch(() => undefined);
      };
      const apply = (attrs: Record<string, unknown>) => {
        show(String(attrs.src ?? ''));
        img.alt = String(attrs.alt ?? '');
        if (attrs.title) img.title = String(attrs.title);
      };
      apply(node.attrs);
      return {
        dom: img,
        update: (updated) => {
          if (updated.type.name !== node.type.name) return false;
          apply(updated.attrs);
          return true;
        },
        destroy: release,
      };
    };
  },
});
