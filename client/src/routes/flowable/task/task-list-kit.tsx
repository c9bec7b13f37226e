/**
 * Parts shared by the three task lists (待办 / 已办 / 我的流程; workflow spec §2 routes, §9): the
 * list state with the 90-days-back default range, the search form (流程名称, 开始时间), the row
 * text button and the 流程版本 tag.
 */
import { Badge, Button, Flex, Input, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { HasPermi } from '../../../components/Permission';
import { DateRangePicker } from '../../../components/pickers/DateRangePicker';
import { SearchField, SearchForm } from '../../../components/table/SearchForm';
import { UiIcon, type UiIconName } from '../../../components/UiIcon';
import { useListPage } from '../../../hooks/useListPage';
import { defaultTaskFilters, taskListInput, type TaskListFilters } from './task-list-utils';

/** useListPage over TaskListFilters, starting (and resetting) at the spec §9 default range. */
export function useTaskListPage<T>() {
  const empty = useMemo(() => defaultTaskFilters(), []);
  const lp = useListPage<TaskListFilters, T>(empty);
  return { ...lp, input: taskListInput(lp.filters, lp.page) };
}

/**
 * Refetches when the route comes back with a new `?t=<timestamp>` (workflow spec §2 routes: a
 * finished detail closes to /task/finished?t=…, a failing record load to /task/process?t=…, a
 * saved model to /flowable/definition?t=…), also when the view was kept alive.
 */
export function useRefetchOnTimestamp(refetch: () => unknown) {
  const [params] = useSearchParams();
  const t = params.get('t');
  const latest = useRef(refetch);
  latest.current = refetch;
  /** The first load fetches anyway; only a later change of `t` refetches. */
  const seen = useRef(t);
  useEffect(() => {
    if (t && t !== seen.current) void latest.current();
    seen.current = t;
  }, [t]);
}

/** The search form of a task list: 流程名称 and 开始时间 (spec §9 date range). */
export function TaskSearchForm({ show, draft, onDraft, onSearch, onReset, testId }: {
  show: boolean;
  draft: TaskListFilters;
  onDraft: (f: TaskListFilters) => void;
  onSearch: () => void;
  onReset: () => void;
  testId?: string;
}) {
  return (
    <SearchForm show={show} onSearch={onSearch} onReset={onReset} testId={testId}>
      <SearchField label="流程名称">
        <Input size="sm" w="200px" name="name" placeholder="请输入流程名称" value={draft.name} onChange={(e) => onDraft({ ...draft, name: e.target.value })} />
      </SearchField>
      <SearchField label="开始时间">
        <DateRangePicker value={draft.dateRange} onChange={(dateRange) => onDraft({ ...draft, dateRange })} />
      </SearchField>
    </SearchForm>
  );
}

/** A text button of the 操作 column; with `perm` it shows only with the permission. */
export function RowLink({ icon, children, onClick, perm, testId, tone, fontSize = 'xs' }: {
  icon?: UiIconName;
  children: ReactNode;
  onClick: () => void;
  perm?: string[];
  testId?: string;
  tone?: 'danger';
  /** 'sm' for a value shown as a link (流程名称, 表单名称). */
  fontSize?: 'xs' | 'sm';
}) {
  const button = (
    <Button
      size="xs"
      variant="plain"
      color={tone === 'danger' ? 'red.500' : 'brand.solid'}
      px="1"
      h="6"
      minW="0"
      fontWeight="normal"
      fontSize={fontSize}
      onClick={onClick}
      data-testid={testId}
      _hover={{ opacity: 0.75 }}
    >
      {icon && <UiIcon name={icon} />}
      {children}
    </Button>
  );
  return perm ? <HasPermi value={perm}>{button}</HasPermi> : button;
}

/** 流程版本 as el-tag `v{n}`. */
export function VersionTag({ version }: { version: number | string | null | undefined }) {
  if (version === null || version === undefined || version === '') return null;
  return (
    <Badge variant="surface" colorPalette="blue" size="md" fontWeight="normal" data-testid="version-tag">
      v{version}
    </Badge>
  );
}

/** 流程发起人: nick name with the department as a grey tag. */
export function StartUserCell({ name, dept }: { name: string | null | undefined; dept: string | null | undefined }) {
  if (!name) return null;
  return (
    <Flex align="center" justify="center" gap="1" wrap="wrap">
      <Text as="span">{name}</Text>
      {dept && (
        <Badge variant="surface" colorPalette="gray" size="sm" fontWeight="normal">
          {dept}
        </Badge>
      )}
    </Flex>
  );
}
