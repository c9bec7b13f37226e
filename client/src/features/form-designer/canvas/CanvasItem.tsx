/**
 * One component on the designer canvas (form-generator DraggableItem): a dnd-kit draggable
 * (`item:<formId>`) that is also a drop slot (`slot:<formId>`), outlined when selected, with 复制 /
 * 删除 buttons; a click selects it. Value components show the renderer's own widget (label,
 * span, size) inert, so the canvas looks like the form; a row container shows its children in a
 * drop area; a detail table shows its columns side by side.
 * Test ids: `canvas-item-<formId>` (data-active when selected), `canvas-copy-<formId>`,
 * `canvas-delete-<formId>`.
 */
import { Box, IconButton, Text } from '@chakra-ui/react';
import { useDraggable, useDroppable } from '@dnd-kit/core';
import { memo, useCallback, type ReactNode } from 'react';
import { Icon } from '../../../components/Icon';
import type { FormField } from '../../../components/form-render';
import { Col, FormItem } from '../../../components/form-render/FormLayout';
import { FieldWidget } from '../../../components/form-render/widgets/FieldWidget';
import { isDetailTable, isRow } from '../catalogue';
import type { FormConfMeta } from '../types';
import type { ContainerId } from '../state/tree';
import { useCanvas, useIndicator, type CanvasItemProps } from './canvas-context';
import { DetailTableArea, RowArea } from './ContainerAreas';
import { itemDragId, slotDropId, type DragData, type DropData } from './dnd';

const noop = () => undefined;

/** The renderer's widget of a value component, inert (no focus, no input). */
export const WidgetPreview = memo(function WidgetPreview({ field, formConf }: { field: FormField; formConf: FormConfMeta }) {
  const size = formConf.size === 'small' || formConf.size === 'mini' ? 'xs' : 'sm';
  return (
    <Box inert pointerEvents="none">
      <FieldWidget field={field} value={field.__config__.defaultValue} onChange={noop} onBlur={noop} size={size} disabled={formConf.disabled === true || field.disabled === true} />
    </Box>
  );
});

/** A field as the form shows it: label column and `children` (reference §7 colFormItem). */
function FieldFrame({ field, formConf, children }: { field: FormField; formConf: FormConfMeta; children: ReactNode }) {
  const config = field.__config__;
  const showLabel = config.showLabel !== false;
  const labelWidth = config.labelWidth ? Number(config.labelWidth) : Number(formConf.labelWidth ?? 100);
  return (
    <FormItem label={showLabel ? config.label : undefined} labelWidth={showLabel ? labelWidth : 0} labelPosition={String(formConf.labelPosition ?? 'right')} required={config.required === true}>
      {children}
    </FormItem>
  );
}

function DropLine({ formId, horizontal }: { formId: number; horizontal: boolean }) {
  const ind = useIndicator();
  if (!ind || ind.kind !== 'slot' || ind.formId !== formId) return null;
  const edge = horizontal ? (ind.after ? { right: '-3px' } : { left: '-3px' }) : ind.after ? { bottom: '-3px' } : { top: '-3px' };
  return (
    <Box
      position="absolute"
      zIndex="2"
      bg="brand.500"
      borderRadius="full"
      pointerEvents="none"
      data-testid="canvas-drop-line"
      {...(horizontal ? { top: 0, bottom: 0, w: '3px' } : { left: 0, right: 0, h: '3px' })}
      {...edge}
    />
  );
}

export type { CanvasItemProps } from './canvas-context';

/** A draggable, selectable component; see the file comment. */
export function CanvasItem({ field, parentId, index, ancestors, column = false }: CanvasItemProps) {
  const { dispatch, activeId, formConf } = useCanvas();
  const config = field.__config__;
  const formId = Number(config.formId);
  const drag: DragData = { kind: 'item', formId };
  const slot: DropData = { kind: 'slot', formId, parentId, index, horizontal: column, path: [...ancestors, formId] };
  const draggable = useDraggable({ id: itemDragId(formId), data: drag });
  const droppable = useDroppable({ id: slotDropId(formId), data: slot });
  const setRef = useCallback((node: HTMLElement | null) => {
    draggable.setNodeRef(node);
    droppable.setNodeRef(node);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draggable.setNodeRef, droppable.setNodeRef]);
  const active = activeId === formId;
  const row = isRow(field);

  let body: ReactNode;
  if (row) {
    body = (
      <>
        <Text fontSize="xs" color="fg.muted" mb="1" userSelect="none">
          {String(config.componentName ?? `row${formId}`)}
        </Text>
        <RowArea field={field} ancestors={[...ancestors, formId]} />
      </>
    );
  } else if (column) {
    body = (
      <Box>
        <Text fontSize="sm" fontWeight="bold" color="#606266" mb="1" truncate>
          {config.required && <Text as="span" color="red.500" mr="1">*</Text>}
          {config.label}
        </Text>
        <WidgetPreview field={field} formConf={formConf} />
      </Box>
    );
  } else if (isDetailTable(field)) {
    body = (
      <FieldFrame field={field} formConf={formConf}>
        <DetailTableArea field={field} ancestors={[...ancestors, formId]} />
      </FieldFrame>
    );
  } else {
    body = (
      <FieldFrame field={field} formConf={formConf}>
        <WidgetPreview field={field} formConf={formConf} />
      </FieldFrame>
    );
  }

  const box = (
    <Box
      ref={setRef}
      {...draggable.attributes}
      {...draggable.listeners}
      role="group"
      aria-label={String(config.label ?? config.componentName ?? '')}
      data-testid={`canvas-item-${formId}`}
      data-active={active ? '' : undefined}
      position="relative"
      px={row ? '2' : '2.5'}
      pt={row ? '1' : '3'}
      pb={row ? '2' : column ? '2' : '0'}
      mb={column ? 0 : '1.5'}
      minW={column ? '190px' : undefined}
      w={column ? '190px' : undefined}
      flexShrink={0}
      borderRadius="md"
      border={row ? '1px dashed' : '1px solid'}
      borderColor={active ? 'brand.500' : row ? '#ccc' : 'transparent'}
      bg={active ? (row ? 'rgba(17,169,131,0.04)' : '#f6f7ff') : undefined}
      opacity={draggable.isDragging ? 0.4 : 1}
      cursor="move"
      touchAction="none"
      outline="none"
      _hover={active ? undefined : { bg: '#f6f7ff' }}
      _focusVisible={{ boxShadow: '0 0 0 2px var(--chakra-colors-brand-300)' }}
      onClick={(e) => {
        e.stopPropagation();
        dispatch({ type: 'select', formId });
      }}
    >
      <DropLine formId={formId} horizontal={column} />
      {body}
      {active && (
        <Box position="absolute" top="-11px" right={column ? '4px' : '18px'} display="flex" gap="1.5" zIndex="3">
          <IconButton
            size="2xs"
            rounded="full"
            variant="outline"
            colorPalette="brand"
            bg="bg"
            aria-label="复制"
            title="复制"
            data-testid={`canvas-copy-${formId}`}
            onPointerDown={(e) => e.stopPropagation()}
            onClick={(e) => {
              e.stopPropagation();
              dispatch({ type: 'copy', formId });
            }}
          >
            <Icon name="document" />
          </IconButton>
          <IconButton
            size="2xs"
            rounded="full"
            variant="outline"
            colorPalette="red"
            bg="bg"
            aria-label="删除"
            title="删除"
            data-testid={`canvas-delete-${formId}`}
            onPointerDown={(e) => e.stopPropagation()}
            onClick={(e) => {
              e.stopPropagation();
              dispatch({ type: 'delete', formId });
            }}
          >
            <Icon name="delete" />
          </IconButton>
        </Box>
      )}
    </Box>
  );
  if (column) return box;
  return (
    <Col span={Number(config.span ?? 24)} gutter={Number(formConf.gutter ?? 15)}>
      {box}
    </Col>
  );
}
