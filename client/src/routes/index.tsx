/**
 * Home page /index: a greeting with the user's nickname, the counts from home.stats (用户数,
 * 角色数, 部门数) and, for users with the 待办任务 menu, the number of open to-do tasks (the
 * todoList total; workflow spec §2 /task/todo) as a card that opens the list; below them the newest
 * open notices (通知公告, issue 41 §5).
 */
import { Box, Card, Flex, Heading, SimpleGrid, Skeleton, Stat, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { findMenuChain } from '../lib/navigation/menu';
import { useRouteInfo } from '../lib/navigation/route-context';
import { useUser } from '../lib/stores/user-store';
import { Icon } from '../components/Icon';
import { useTRPC } from '../lib/trpc';
import { NewestNotices } from './NewestNotices';

function greeting(hour: number): string {
  if (hour < 6) return '凌晨好';
  if (hour < 12) return '上午好';
  if (hour < 14) return '中午好';
  if (hour < 18) return '下午好';
  return '晚上好';
}

const CARDS = [
  { key: 'userCount', label: '用户数', icon: 'user', color: '#40c9c6' },
  { key: 'roleCount', label: '角色数', icon: 'peoples', color: '#36a3f7' },
  { key: 'deptCount', label: '部门数', icon: 'tree', color: '#f4516c' },
] as const;

const TODO_PATH = '/task/todo';

/** 待办任务: the open to-do count; a click opens /task/todo. */
function TodoCard({ count, loading }: { count: number; loading: boolean }) {
  const navigate = useNavigate();
  return (
    <Card.Root variant="elevated" size="sm" cursor="pointer" onClick={() => navigate(TODO_PATH)} _hover={{ boxShadow: 'md' }}
      data-testid="stat-todoCount" role="link" aria-label="待办任务">
      <Card.Body>
        <Flex align="center" justify="space-between">
          <Flex w="56px" h="56px" borderRadius="md" align="center" justify="center" color="#34bfa3" fontSize="40px">
            <Icon menu="job" />
          </Flex>
          <Stat.Root alignItems="flex-end" flex="0 0 auto">
            <Stat.Label color="rgba(0,0,0,.45)" fontSize="16px" fontWeight="bold">
              待办任务
            </Stat.Label>
            <Skeleton loading={loading} minW="12">
              <Stat.ValueText fontSize="24px" color={count > 0 ? '#f4516c' : undefined}>{count}</Stat.ValueText>
            </Skeleton>
          </Stat.Root>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}

export default function Home() {
  const trpc = useTRPC();
  const { user } = useUser();
  const stats = useQuery(trpc.home.stats.queryOptions());
  const { menus } = useRouteInfo();
  const hasTodo = findMenuChain(menus, TODO_PATH).length > 0;
  const todo = useQuery({ ...trpc.flowable.task.todoList.queryOptions({ pageNum: 1, pageSize: 1 }), enabled: hasTodo });
  return (
    <Box p="5" data-testid="home-page">
      <Box bg="white" borderRadius="md" p="6" mb="5" boxShadow="xs">
        <Heading size="lg" data-testid="home-greeting">
          {greeting(new Date().getHours())}，{user?.nickName || user?.userName}，欢迎使用财税管理系统！
        </Heading>
        <Text mt="2" color="fg.muted" fontSize="sm">
          {user?.dept?.deptName ? `${user.dept.deptName} · ` : ''}上次登录：{user?.loginDate || '—'}
        </Text>
      </Box>
      <SimpleGrid columns={{ base: 1, md: hasTodo ? 4 : 3 }} gap="5">
        {CARDS.map((c) => (
          <Card.Root key={c.key} variant="elevated" size="sm" data-testid={`stat-${c.key}`}>
            <Card.Body>
              <Flex align="center" justify="space-between">
                <Flex w="56px" h="56px" borderRadius="md" align="center" justify="center" color={c.color} fontSize="40px">
                  <Icon menu={c.icon} />
                </Flex>
                <Stat.Root alignItems="flex-end" flex="0 0 auto">
                  <Stat.Label color="rgba(0,0,0,.45)" fontSize="16px" fontWeight="bold">
                    {c.label}
                  </Stat.Label>
                  <Skeleton loading={stats.isPending} minW="12">
                    <Stat.ValueText fontSize="24px">{stats.data ? stats.data[c.key] : 0}</Stat.ValueText>
                  </Skeleton>
                </Stat.Root>
              </Flex>
            </Card.Body>
          </Card.Root>
        ))}
        {hasTodo && <TodoCard count={todo.data?.total ?? 0} loading={todo.isPending} />}
      </SimpleGrid>
      <NewestNotices />
    </Box>
  );
}
