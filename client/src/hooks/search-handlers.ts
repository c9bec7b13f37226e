/**
 * Search and reset handlers of a paged list (platform spec §2 lists; RuoYi's handleQuery and
 * resetQuery): search goes to page 1, and a search with unchanged filters on page 1 refetches.
 */
/** Search then page 1; a search with unchanged filters on page 1 refetches (RuoYi's handleQuery). */
export function searchHandlers<F>(opts: {
  empty: F;
  draft: F;
  filters: F;
  setDraft: (f: F) => void;
  setFilters: (f: F) => void;
  page: { pageNum: number };
  setPageNum: (n: number) => void;
  refetch: () => void;
}) {
  return {
    search: () => {
      const same = JSON.stringify(opts.draft) === JSON.stringify(opts.filters) && opts.page.pageNum === 1;
      opts.setFilters(opts.draft);
      opts.setPageNum(1);
      if (same) opts.refetch();
    },
    reset: () => {
      const same = JSON.stringify(opts.empty) === JSON.stringify(opts.filters) && opts.page.pageNum === 1;
      opts.setDraft(opts.empty);
      opts.setFilters(opts.empty);
      opts.setPageNum(1);
      if (same) opts.refetch();
    },
  };
}
