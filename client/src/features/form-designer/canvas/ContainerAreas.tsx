/**
 * The drop areas of containers on the designer canvas: the canvas itself (`zone:root`), a row
 * container's children (`zone:<formId>`, laid out as the renderer's el-row with the row's gutter,
 * flex, justify and align) and a detail table's columns (`zone:<formId>`, side by side, with the
 * table's 添加一行 button and 合计 note as the form shows them). Empty areas show a hint.
 * Test ids: `canvas-root`, `canvas-row-<formId>`, `canvas-table-<formId>`.
 */
import { Box, Button, Flex, Text } from '@chakra-ui/react';
import { useDroppable } from '@dnd-kit/core';
import type { ReactNode } from 'react';
import { Icon } from '../../../components/Icon';
import type { FormField } from '../../../components/form-render';
import { Row } from '../../../components/form-render/FormLayout';
import type { ContainerId } from '../state/tree';
import { useCanvas, useIndicator } from './canvas-context';
import { zoneDropId, type DropData } from './dnd';

function Zone({ containerId, path, testId, children, ...rest }: {
  containerId: ContainerId;
  path: number[];
  testId: string;
  children: ReactNode;
} & Record<string, unknown>) {
  const data: DropData = { kind: 'zone', containerId, path };
  const { setNodeRef } = useDroppable({ id: zoneDropId(containerId), data });
  const ind = useIndicator();
  const lit = ind?.kind === 'zone' && ind.containerId === containerId;
  return (
    <Box ref={setNodeRef} data-testid={testId} data-drop-target={lit ? '' : undefined} {...rest} outline={lit ? '2px dashed' : undefined} outlineColor="brand.400" outlineOffset="-2px">
      {children}
    </Box>
  );
}

const hint = (text: string) => (
  <Text fontSize="sm" color="fg.subtle" textAlign="center" py="4" w="100%" userSelect="none">
    {text}
  </Text>
);

const kids = (f: FormField): FormField[] => (Array.isArray(f.__config__.children) ? f.__config__.children : []);

/** The canvas's top level. */
export function RootArea({ list }: { list: FormField[] }) {
  const { formConf, Item: CanvasItem } = useCanvas();
  return (
    <Zone containerId={null} path={[]} testId="canvas-root" minH="100%" px="3" pt="3" pb="16">
      <Row gutter={Number(formConf.gutter ?? 15)}>
        {list.map((f, i) => (
          <CanvasItem key={String(f.__config__.formId)} field={f} parentId={null} index={i} ancestors={[]} />
        ))}
      </Row>
      {!list.length && (
        <Text fontSize="md" color="fg.subtle" textAlign="center" mt="24" userSelect="none" data-testid="canvas-empty">
          从左侧拖入或点选组件进行表单设计
        </Text>
      )}
    </Zone>
  );
}

/** A row container's children. */
export function RowArea({ field, ancestors }: { field: FormField; ancestors: number[] }) {
  const { Item: CanvasItem } = useCanvas();
  const formId = Number(field.__config__.formId);
  const children = kids(field);
  const gutter = Number(field.gutter ?? 15) || 0;
  return (
    <Zone containerId={formId} path={ancestors} testId={`canvas-row-${formId}`} minH="64px" py="1" borderRadius="sm" bg="rgba(0,0,0,0.015)">
      <Row gutter={gutter} flex={field.type === 'flex'} justify={String(field.justify ?? 'start')} align={String(field.align ?? 'top')}>
        {children.map((c, i) => (
          <CanvasItem key={String(c.__config__.formId)} field={c} parentId={formId} index={i} ancestors={ancestors} />
        ))}
      </Row>
      {!children.length && hint('拖入组件到行容器')}
    </Zone>
  );
}

/** A detail table's columns with its add button and summary note. */
export function DetailTableArea({ field, ancestors }: { field: FormField; ancestors: number[] }) {
  const { Item: CanvasItem } = useCanvas();
  const config = field.__config__;
  const formId = Number(config.formId);
  const columns = kids(field);
  return (
    <Box border="1px solid" borderColor="border" borderRadius="sm" bg="bg">
      <Zone containerId={formId} path={ancestors} testId={`canvas-table-${formId}`} minH="76px" overflowX="auto">
        <Flex gap="2" p="2" minW="min-content">
          {columns.map((c, i) => (
            <CanvasItem key={String(c.__config__.formId)} field={c} parentId={formId} index={i} ancestors={ancestors} column />
          ))}
          {!columns.length && hint('拖入输入型或选择型组件作为明细表的列')}
        </Flex>
      </Zone>
      <Flex align="center" justify="space-between" px="2" py="1.5" borderTop="1px solid" borderColor="border" inert pointerEvents="none">
        <Button size="xs" variant="outline" colorPalette="brand" borderStyle="dashed">
          <Icon name="plus" />
          {String(config.addText || '添加一行')}
        </Button>
        {config.showSummary === true && (
          <Text fontSize="xs" color="fg.muted">
            合计
          </Text>
        )}
      </Flex>
    </Box>
  );
}
