/**
 * 用户管理 (system/user/index), read-only for now: the user list over system.user.list with
 * filters and paging (sizes 10/20/30/50). Editing screens come later.
 */
import { Badge, Box, Table, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Pagination } from '../../../components/Pagination';
import { useTRPC } from '../../../lib/trpc';
import { EMPTY_FILTERS, STATUS_OPTIONS, UserSearch, type UserFilters } from './UserSearch';

const COLUMNS = ['用户编号', '用户名称', '用户昵称', '部门', '手机号码', '状态', '创建时间'];

export default function UserList() {
  const trpc = useTRPC();
  const [draft, setDraft] = useState<UserFilters>(EMPTY_FILTERS);
  const [filters, setFilters] = useState<UserFilters>(EMPTY_FILTERS);
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });

  const input = {
    ...page,
    userName: filters.userName.trim() || undefined,
    phonenumber: filters.phonenumber.trim() || undefined,
    status: (filters.status || undefined) as '0' | '1' | undefined,
    params: filters.beginTime || filters.endTime ? { beginTime: filters.beginTime || undefined, endTime: filters.endTime || undefined } : undefined,
  };
  const list = useQuery({ ...trpc.system.user.list.queryOptions(input), placeholderData: keepPreviousData });
  const rows = list.data?.rows ?? [];

  const search = () => {
    setFilters(draft);
    setPage((p) => ({ ...p, pageNum: 1 }));
  };
  const reset = () => {
    setDraft(EMPTY_FILTERS);
    setFilters(EMPTY_FILTERS);
    setPage((p) => ({ ...p, pageNum: 1 }));
  };

  return (
    <Box p="5" data-testid="user-list">
      <Box bg="white" borderRadius="md" p="5" boxShadow="xs">
        <UserSearch value={draft} onChange={setDraft} onSearch={search} onReset={reset} />
        <Table.ScrollArea borderWidth="1px" borderRadius="sm">
          <Table.Root interactive>
            <Table.Header>
              <Table.Row bg="#f8f8f9">
                {COLUMNS.map((c) => (
                  <Table.ColumnHeader key={c} textAlign="center" color="#515a6e" fontWeight="bold">
                    {c}
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((u) => (
                <Table.Row key={u.userId} textAlign="center">
                  <Table.Cell textAlign="center">{u.userId}</Table.Cell>
                  <Table.Cell textAlign="center">{u.userName}</Table.Cell>
                  <Table.Cell textAlign="center">{u.nickName}</Table.Cell>
                  <Table.Cell textAlign="center">{u.dept?.deptName ?? ''}</Table.Cell>
                  <Table.Cell textAlign="center">{u.phonenumber}</Table.Cell>
                  <Table.Cell textAlign="center">
                    <Badge colorPalette={u.status === '0' ? 'green' : 'red'} variant="subtle">
                      {STATUS_OPTIONS.find((o) => o.value === u.status)?.label ?? u.status}
                    </Badge>
                  </Table.Cell>
                  <Table.Cell textAlign="center">{u.createTime}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
          {!list.isPending && rows.length === 0 && (
            <Text textAlign="center" py="6" color="fg.muted" fontSize="sm">
              暂无数据
            </Text>
          )}
        </Table.ScrollArea>
        <Pagination
          total={list.data?.total ?? 0}
          page={page.pageNum}
          limit={page.pageSize}
          onChange={(pageNum, pageSize) => setPage({ pageNum, pageSize })}
        />
      </Box>
    </Box>
  );
}
