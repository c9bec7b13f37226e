/**
 * Parts shared by the three task lists (待办 / 已办 / 我的流程; workflow spec §2 routes, §9): the
 * list state with the 90-days-back default range, the search form (流程名称, 开始时间) and the
 * 流程发起人 cell. The row text button and the 流程版本 tag are in components/table/cells.tsx.
 */
import { Badge, Flex, Input, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { DateRangePicker } from '../../../components/pickers/DateRangePicker';
import { SearchField, SearchForm } from '../../../components/table/SearchForm';
import { useListPage } from '../../../components/table/useListPage';
import { defaultTaskFilters, taskListInput, type TaskListFilters } from './task-list-utils';

/** useListPage over TaskListFilters, starting (and resetting) at the spec §9 default range. */
export function useTaskListPage<T>() {
  const empty = useMemo(() => defaultTaskFilters(), []);
  const lp = useListPage<TaskListFilters, T>(empty);
  return { ...lp, input: taskListInput(lp.filters, lp.page) };
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
