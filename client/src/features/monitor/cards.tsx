/**
 * Building blocks of 服务监控 and 缓存监控 (RuoYi monitor/server and monitor/cache: el-card with a
 * header icon and title, el-table cells of 属性/值): `MonitorCard` (title, icon, optional header
 * action, body), `InfoTable` (rows of cells; the first row is the header), `PairGrid` (label/value pairs, two columns when wide), `UsageBar` (a
 * percentage as a bar, red from 80 % as RuoYi marks usage above 80), `LoadingBody`.
 */
import { Box, Card, Flex, GridItem, Heading, SimpleGrid, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Icon } from '../../components/Icon';

/** A card with an icon and a title; `action` sits at the header's right. */
export function MonitorCard({ title, icon, action, children, testId }: { title: string; icon: string; action?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <Card.Root variant="outline" size="sm" data-testid={testId} minW="0">
      <Card.Header py="3" borderBottomWidth="1px" borderColor="border.muted">
        <Flex align="center" gap="2">
          <Box color="brand.solid" fontSize="18px"><Icon menu={icon} /></Box>
          <Heading size="sm" flex="1">{title}</Heading>
          {action}
        </Flex>
      </Card.Header>
      <Card.Body pt="3" overflowX="auto">{children}</Card.Body>
    </Card.Root>
  );
}

/**
 * A small table: `head` cells, then `rows` of cells. Cells wrap long text, unless `nowrap` (the
 * table then scrolls sideways on a narrow screen). The first cell of a row is a label.
 */
export function InfoTable({ head, rows, nowrap, testId }: { head?: ReactNode[]; rows: ReactNode[][]; nowrap?: boolean; testId?: string }) {
  return (
    <Table.Root size="sm" data-testid={testId} tableLayout="auto">
      {head && (
        <Table.Header>
          <Table.Row bg="#f8f8f9">
            {head.map((h, i) => <Table.ColumnHeader key={i} color="#515a6e" fontWeight="bold" whiteSpace="nowrap">{h}</Table.ColumnHeader>)}
          </Table.Row>
        </Table.Header>
      )}
      <Table.Body>
        {rows.map((r, i) => (
          <Table.Row key={i}>
            {r.map((c, j) => (
              <Table.Cell key={j} wordBreak={nowrap ? undefined : 'break-all'} whiteSpace={nowrap || j === 0 ? 'nowrap' : undefined} color={j === 0 ? '#606266' : undefined}>
                {c}
              </Table.Cell>
            ))}
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

/**
 * `label：value` pairs in two columns on a wide screen and one on a narrow one (RuoYi's 4-cell
 * rows of 服务器信息 / Java虚拟机信息). `wide` pairs take a whole line.
 */
export function PairGrid({ pairs, testId }: { pairs: { label: string; value: ReactNode; wide?: boolean }[]; testId?: string }) {
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} columnGap="6" data-testid={testId} fontSize="sm">
      {pairs.map((p) => (
        <GridItem key={p.label} colSpan={p.wide ? { base: 1, md: 2 } : 1} display="flex" gap="3" py="2" borderBottomWidth="1px" borderColor="border.muted" minW="0">
          <Text as="span" flexShrink={0} w="96px" color="#606266" whiteSpace="nowrap">{p.label}</Text>
          <Box as="span" flex="1" minW="0" wordBreak="break-all">{p.value}</Box>
        </GridItem>
      ))}
    </SimpleGrid>
  );
}

/** `value` % as a bar with the number; a usage (default) turns red from 80 %, a ratio (hit ratio) never does. */
export function UsageBar({ value, ratio, testId }: { value: number; ratio?: boolean; testId?: string }) {
  const v = Math.max(0, Math.min(100, Number.isFinite(value) ? value : 0));
  const high = !ratio && v >= 80;
  return (
    <Flex align="center" gap="2" minW="120px" data-testid={testId}>
      <Box flex="1" h="8px" bg="gray.100" rounded="full" overflow="hidden" role="progressbar" aria-valuenow={v} aria-valuemin={0} aria-valuemax={100}>
        <Box h="full" w={`${v}%`} bg={high ? 'red.500' : 'brand.solid'} rounded="full" />
      </Box>
      <Text as="span" fontSize="xs" color={high ? 'red.600' : 'fg'} minW="48px" textAlign="right">{v.toFixed(2)}%</Text>
    </Flex>
  );
}

/** Skeleton lines while a card's data loads. */
export function LoadingBody({ lines = 4 }: { lines?: number }) {
  return <Stack gap="2">{Array.from({ length: lines }, (_, i) => <Skeleton key={i} h="5" />)}</Stack>;
}

/** `bytes` as B / KB / MB / GB with one decimal (RuoYi convertFileSize style). */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} B`;
}
