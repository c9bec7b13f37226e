/**
 * Menu search in the navbar (platform spec §2): fuzzy over title and path (menu-search.ts),
 * options shown as title paths joined by ' > '. External links open in a new tab.
 */
import { Box, Input } from '@chakra-ui/react';
import { useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Icon } from '../../components/Icon';
import { isExternal } from '../../../../shared/utils/validate';
import { buildSearchPool, createMenuSearch, type SearchResult, type SearchRoute } from '../../lib/menu-search';
import type { MenuItem } from '../../lib/navigation/menu';
import { useRouteInfo } from '../../lib/navigation/route-context';
import { NavIconButton } from './NavIconButton';

/** Menu items in the shape menu-search.ts reads. */
export function toSearchRoutes(items: MenuItem[]): SearchRoute[] {
  return items.map((m) => ({
    path: m.path,
    hidden: m.hidden,
    meta: m.title ? { title: m.title, link: m.link } : undefined,
    children: toSearchRoutes(m.children),
  }));
}

export function MenuSearch() {
  const { menus } = useRouteInfo();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [index, setIndex] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const search = useMemo(() => createMenuSearch(buildSearchPool(toSearchRoutes(menus))), [menus]);
  const results = useMemo(() => search(query).slice(0, 12), [search, query]);

  const close = () => {
    setOpen(false);
    setQuery('');
  };
  const choose = (r: SearchResult) => {
    close();
    if (isExternal(r.path)) window.open(r.path, '_blank', 'noopener');
    else navigate(r.path);
  };

  return (
    <Box position="relative" display="flex" alignItems="center" data-testid="menu-search">
      <NavIconButton
        label="搜索菜单"
        icon="search"
        onClick={() => {
          setOpen((o) => !o);
          setTimeout(() => inputRef.current?.focus(), 0);
        }}
      />
      {open && (
        <Box position="relative">
          <Input
            ref={inputRef}
            size="sm"
            w="210px"
            placeholder="搜索菜单"
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setIndex(0);
            }}
            onBlur={() => setTimeout(close, 150)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowDown') setIndex((i) => Math.min(i + 1, results.length - 1));
              else if (e.key === 'ArrowUp') setIndex((i) => Math.max(i - 1, 0));
              else if (e.key === 'Enter' && results[index]) choose(results[index]);
              else if (e.key === 'Escape') close();
            }}
          />
          {results.length > 0 && (
            <Box position="absolute" top="100%" left="0" mt="1" w="280px" bg="white" borderWidth="1px" borderRadius="md" boxShadow="md" zIndex="2000" py="1" maxH="320px" overflowY="auto">
              {results.map((r, i) => (
                <Box
                  key={r.path}
                  px="3"
                  py="1.5"
                  fontSize="sm"
                  cursor="pointer"
                  bg={i === index ? 'brand.subtle' : undefined}
                  onMouseEnter={() => setIndex(i)}
                  onMouseDown={(e) => {
                    e.preventDefault();
                    choose(r);
                  }}
                >
                  {r.label}
                </Box>
              ))}
            </Box>
          )}
        </Box>
      )}
    </Box>
  );
}
