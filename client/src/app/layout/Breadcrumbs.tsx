/**
 * Breadcrumbs of the current page: 首页 first, directories without a redirect are plain
 * text, the current page last.
 */
import { Breadcrumb } from '@chakra-ui/react';
import { Fragment } from 'react';
import { Link as RouterLink } from 'react-router';
import { HOME_PATH } from '../../lib/navigation/menu';
import { useCurrentHandle } from '../../lib/navigation/route-context';
import type { Crumb } from '../../lib/navigation/route-handle';

export function Breadcrumbs() {
  const handle = useCurrentHandle();
  const crumbs: Crumb[] = handle?.crumbs ?? [];
  const list: Crumb[] = crumbs[0]?.path === HOME_PATH ? crumbs : [{ title: '首页', path: HOME_PATH, clickable: true }, ...crumbs];
  return (
    <Breadcrumb.Root size="sm" ml="2" data-testid="breadcrumb">
      <Breadcrumb.List fontSize="14px">
        {list.map((c, i) => {
          const last = i === list.length - 1;
          return (
            <Fragment key={`${c.path}-${i}`}>
              <Breadcrumb.Item>
                {last || !c.clickable || !c.path ? (
                  <Breadcrumb.CurrentLink color="#97a8be">{c.title}</Breadcrumb.CurrentLink>
                ) : (
                  <Breadcrumb.Link asChild color="#303133" fontWeight="600">
                    <RouterLink to={c.path}>{c.title}</RouterLink>
                  </Breadcrumb.Link>
                )}
              </Breadcrumb.Item>
              {!last && <Breadcrumb.Separator>/</Breadcrumb.Separator>}
            </Fragment>
          );
        })}
      </Breadcrumb.List>
    </Breadcrumb.Root>
  );
}
