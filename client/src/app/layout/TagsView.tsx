/**
 * Tag bar (platform spec §2 "Tag bar"): visited views as tabs; right-click menu 刷新页面,
 * 关闭当前, 关闭其他, 关闭左侧, 关闭右侧, 全部关闭; affix tabs (首页) cannot be closed. When the
 * tabs overflow the bar, arrows at both ends scroll them (向左滚动标签 / 向右滚动标签, disabled at
 * an end; issue 40 §9); the mouse wheel scrolls them too, and the active tab is scrolled into view.
 */
import { Box, Flex, IconButton } from '@chakra-ui/react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type MouseEvent, type RefObject } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { HOME_PATH } from '../../lib/navigation/menu';
import {
  delAllViews,
  delCachedView,
  delLeftViews,
  delOthersViews,
  delRightViews,
  delView,
  tagsStore,
  useTags,
  type TagView,
} from '../../lib/stores/tags-store';
import { useSettings } from '../../lib/stores/settings-store';
import { TAGS_HEIGHT } from '../../lib/layout-vars';

/** Reloads a view: drops its cache and passes through /redirect (platform spec §2). */
export function useRefreshView() {
  const navigate = useNavigate();
  return (view: TagView) => {
    delCachedView(view.path);
    navigate(`/redirect${view.fullPath}`, { replace: true });
  };
}

/** How far one arrow click scrolls the tabs (px). */
const ARROW_STEP = 240;

/**
 * Overflow of a horizontal scroller: `{ overflow, atStart, atEnd }`, measured on scroll, on resize
 * and whenever `deps` change; `by(dx)` scrolls it smoothly by dx px.
 */
function useOverflow(ref: RefObject<HTMLDivElement | null>, deps: unknown[]) {
  const [edges, setEdges] = useState({ overflow: false, atStart: true, atEnd: true });
  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const overflow = el.scrollWidth > el.clientWidth + 1;
    const next = { overflow, atStart: el.scrollLeft <= 1, atEnd: el.scrollLeft + el.clientWidth >= el.scrollWidth - 1 };
    setEdges((e) => (e.overflow === next.overflow && e.atStart === next.atStart && e.atEnd === next.atEnd ? e : next));
  }, [ref]);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    el.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      el.removeEventListener('scroll', measure);
    };
  }, [ref, measure]);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(measure, deps);
  const by = (dx: number) => ref.current?.scrollBy({ left: dx, behavior: 'smooth' });
  return { ...edges, by };
}

/** One scroll arrow of the tag bar. */
function ScrollArrow({ dir, disabled, onClick }: { dir: 'left' | 'right'; disabled: boolean; onClick: () => void }) {
  return (
    <IconButton
      aria-label={dir === 'left' ? '向左滚动标签' : '向右滚动标签'}
      data-testid={`tags-scroll-${dir}`}
      variant="ghost"
      size="2xs"
      h="full"
      minW="24px"
      borderRadius="0"
      flexShrink={0}
      color="#495060"
      disabled={disabled}
      onClick={onClick}
      borderLeft={dir === 'right' ? '1px solid #d8dce5' : undefined}
      borderRight={dir === 'left' ? '1px solid #d8dce5' : undefined}
    >
      <Box as="span" fontSize="18px" lineHeight="1" aria-hidden>
        {dir === 'left' ? '‹' : '›'}
      </Box>
    </IconButton>
  );
}

export function TagsView() {
  const { visited } = useTags();
  const { theme } = useSettings();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const refresh = useRefreshView();
  const [menu, setMenu] = useState<{ x: number; y: number; view: TagView } | null>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const scroll = useOverflow(scrollRef, [visited.length]);

  useEffect(() => {
    if (!menu) return;
    const close = () => setMenu(null);
    document.addEventListener('click', close);
    return () => document.removeEventListener('click', close);
  }, [menu]);

  useEffect(() => {
    const strip = scrollRef.current;
    const active = strip?.querySelector('[data-active="true"]');
    // The last tab: to the very end (past its margin), so the → arrow reads as at the end.
    if (strip && active && active === strip.lastElementChild) strip.scrollLeft = strip.scrollWidth;
    else active?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [pathname, visited.length]);

  /** After closing, goes to the last remaining view (or home) when the current one is gone. */
  const toLastView = (keepCurrent: boolean) => {
    const list = tagsStore.get().visited;
    if (keepCurrent && list.some((v) => v.path === pathname)) return;
    const last = list[list.length - 1];
    navigate(last ? last.fullPath : HOME_PATH);
  };

  const close = (view: TagView) => {
    delView(view.path);
    if (view.path === pathname) toLastView(false);
  };

  const onContext = (e: MouseEvent, view: TagView) => {
    e.preventDefault();
    setMenu({ x: e.clientX, y: e.clientY, view });
  };

  const menuItems = menu
    ? [
        { label: '刷新页面', run: () => refresh(menu.view) },
        { label: '关闭当前', run: () => close(menu.view), hide: menu.view.affix },
        { label: '关闭其他', run: () => (delOthersViews(menu.view.path), navigate(menu.view.fullPath)) },
        { label: '关闭左侧', run: () => (delLeftViews(menu.view.path), toLastView(true)), hide: visited[0]?.path === menu.view.path },
        { label: '关闭右侧', run: () => (delRightViews(menu.view.path), toLastView(true)), hide: visited[visited.length - 1]?.path === menu.view.path },
        { label: '全部关闭', run: () => (delAllViews(), toLastView(true)) },
      ].filter((i) => !i.hide)
    : [];

  return (
    <Flex h={`${TAGS_HEIGHT}px`} bg="white" borderBottom="1px solid #d8dce5" boxShadow="0 1px 3px 0 rgba(0,0,0,.12), 0 0 3px 0 rgba(0,0,0,.04)" data-testid="tags-view">
      {scroll.overflow && <ScrollArrow dir="left" disabled={scroll.atStart} onClick={() => scroll.by(-ARROW_STEP)} />}
      <Flex
        ref={scrollRef}
        h="full"
        flex="1"
        minW="0"
        align="center"
        data-testid="tags-scroll"
        overflowX="auto"
        overflowY="hidden"
        whiteSpace="nowrap"
        css={{ scrollbarWidth: 'none' }}
        onWheel={(e) => {
          if (scrollRef.current) scrollRef.current.scrollLeft += e.deltaY;
        }}
      >
        {visited.map((view, i) => {
          const active = view.path === pathname;
          return (
            <Flex
              key={view.path}
              asChild
              align="center"
              h="26px"
              px="2"
              ml={i === 0 ? '15px' : '5px'}
              mr={i === visited.length - 1 ? '15px' : undefined}
              fontSize="12px"
              border="1px solid"
              borderColor={active ? theme : '#d8dce5'}
              bg={active ? theme : 'white'}
              color={active ? 'white' : '#495060'}
              flexShrink={0}
              data-active={active}
              data-testid="tag"
              onContextMenu={(e: MouseEvent) => onContext(e, view)}
            >
              <RouterLink to={view.fullPath}>
                {active && <Box as="span" w="8px" h="8px" borderRadius="full" bg="white" mr="1" display="inline-block" />}
                {view.title}
                {!view.affix && (
                  <Box
                    as="span"
                    ml="1"
                    w="16px"
                    h="16px"
                    lineHeight="15px"
                    textAlign="center"
                    borderRadius="full"
                    fontSize="11px"
                    _hover={{ bg: '#b4bccc', color: 'white' }}
                    aria-label="关闭"
                    data-testid="tag-close"
                    onClick={(e: MouseEvent) => {
                      e.preventDefault();
                      e.stopPropagation();
                      close(view);
                    }}
                  >
                    ✕
                  </Box>
                )}
              </RouterLink>
            </Flex>
          );
        })}
      </Flex>
      {scroll.overflow && <ScrollArrow dir="right" disabled={scroll.atEnd} onClick={() => scroll.by(ARROW_STEP)} />}
      {menu && (
        <Box
          position="fixed"
          left={`${menu.x}px`}
          top={`${menu.y}px`}
          zIndex="3000"
          bg="white"
          borderRadius="4px"
          boxShadow="2px 2px 3px 0 rgba(0,0,0,.3)"
          py="1"
          fontSize="12px"
          color="#333"
          data-testid="tags-context-menu"
        >
          {menuItems.map((item) => (
            <Box key={item.label} px="4" py="1.5" cursor="pointer" _hover={{ bg: '#eee' }} onClick={item.run}>
              {item.label}
            </Box>
          ))}
        </Box>
      )}
    </Flex>
  );
}
