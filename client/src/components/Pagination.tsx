/**
 * Pagination (platform spec §2 "Other", §9): 共 N 条, page sizes (10/20/30/50 by default),
 * prev, pager, next, jumper. Pages start at 1. Hidden when total is 0. Pickers pass
 * `pageSizes={PICKER_PAGE_SIZES}` with a limit of 5.
 */
import { Button, Flex, Input, NativeSelect, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';

export const PAGE_SIZES = [10, 20, 30, 50];
/** Page sizes of the user and role pickers (spec §9: pickers use 5, options 5 and 10). */
export const PICKER_PAGE_SIZES = [5, 10];

export interface PaginationProps {
  total: number;
  page: number;
  limit: number;
  pageSizes?: number[];
  /** Called with the new page and size; a size change goes back to a page that exists. */
  onChange: (page: number, limit: number) => void;
}

/** Page numbers to show around `page` (with '…' gaps), max 7 buttons as Element UI does. */
export function pagerItems(page: number, pages: number): (number | '…')[] {
  if (pages <= 7) return Array.from({ length: pages }, (_, i) => i + 1);
  const items: (number | '…')[] = [1];
  const start = Math.max(2, Math.min(page - 2, pages - 5));
  const end = Math.min(pages - 1, Math.max(page + 2, 6));
  if (start > 2) items.push('…');
  for (let i = start; i <= end; i++) items.push(i);
  if (end < pages - 1) items.push('…');
  items.push(pages);
  return items;
}

export function Pagination({ total, page, limit, pageSizes = PAGE_SIZES, onChange }: PaginationProps) {
  const pages = Math.max(1, Math.ceil(total / limit));
  const [jump, setJump] = useState(String(page));
  useEffect(() => setJump(String(page)), [page]);
  if (total <= 0) return null;
  const go = (p: number) => {
    const next = Math.min(Math.max(1, p), pages);
    if (next !== page) onChange(next, limit);
  };
  return (
    <Flex justify="flex-end" align="center" gap="2" mt="4" fontSize="13px" color="#606266" wrap="wrap" data-testid="pagination">
      <Text>共 {total} 条</Text>
      <NativeSelect.Root size="xs" w="100px">
        <NativeSelect.Field
          value={limit}
          aria-label="每页条数"
          onChange={(e) => {
            const size = Number(e.target.value);
            onChange(Math.min(page, Math.max(1, Math.ceil(total / size))), size);
          }}
        >
          {pageSizes.map((s) => (
            <option key={s} value={s}>
              {s}条/页
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Button size="xs" variant="outline" disabled={page <= 1} onClick={() => go(page - 1)} aria-label="上一页">
        ‹
      </Button>
      {pagerItems(page, pages).map((p, i) =>
        p === '…' ? (
          <Text key={`gap-${i}`} px="1">
            …
          </Text>
        ) : (
          <Button
            key={p}
            size="xs"
            minW="7"
            variant={p === page ? 'solid' : 'ghost'}
            colorPalette={p === page ? 'brand' : 'gray'}
            onClick={() => go(p)}
            aria-current={p === page ? 'page' : undefined}
          >
            {p}
          </Button>
        ),
      )}
      <Button size="xs" variant="outline" disabled={page >= pages} onClick={() => go(page + 1)} aria-label="下一页">
        ›
      </Button>
      <Text>前往</Text>
      <Input
        size="xs"
        w="12"
        textAlign="center"
        value={jump}
        aria-label="页码"
        onChange={(e) => setJump(e.target.value.replace(/\D/g, ''))}
        onKeyDown={(e) => e.key === 'Enter' && go(Number(jump) || 1)}
        onBlur={() => go(Number(jump) || page)}
      />
      <Text>页</Text>
    </Flex>
  );
}
