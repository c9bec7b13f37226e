/**
 * The left panel of the designer (spec §2 "Form designer": component palette with input,
 * selection and layout components; reference §7 palette titles). Each entry is a dnd-kit
 * draggable (`palette:<tagIcon>`, data `{kind: 'palette', template}`) and a button: a click adds
 * the component at the end of the canvas (form-generator `addComponent`).
 * Props: `onAdd(template)`. Test ids: `designer-palette`, `palette-<tagIcon>`.
 */
import { Box, Grid, Text } from '@chakra-ui/react';
import { useDraggable } from '@dnd-kit/core';
import type { FormField } from '../../../components/form-render';
import { PALETTE } from '../catalogue';
import { paletteDragId, type DragData } from '../canvas/dnd';
import { Icon } from '../../../components/Icon';

function PaletteItem({ template, onAdd }: { template: FormField; onAdd: (t: FormField) => void }) {
  const key = String(template.__config__.tagIcon);
  const data: DragData = { kind: 'palette', template };
  const { setNodeRef, listeners, attributes, isDragging } = useDraggable({ id: paletteDragId(key), data });
  return (
    <Box
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      onClick={() => onAdd(template)}
      data-testid={`palette-${key}`}
      aria-label={`添加${template.__config__.label ?? ''}`}
      display="flex"
      alignItems="center"
      gap="1.5"
      px="2"
      py="1.5"
      fontSize="xs"
      color="#606266"
      bg="#f6f7ff"
      border="1px dashed"
      borderColor={isDragging ? 'brand.500' : '#f6f7ff'}
      borderRadius="sm"
      cursor="move"
      userSelect="none"
      touchAction="none"
      _hover={{ borderColor: 'brand.500', color: 'brand.600' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.500' }}
    >
      <Icon component={key} fontSize="sm" />
      <Text as="span" truncate>
        {template.__config__.label}
      </Text>
    </Box>
  );
}

/** The palette, grouped as form-generator's left board. */
export function Palette({ onAdd }: { onAdd: (template: FormField) => void }) {
  return (
    <Box data-testid="designer-palette" h="100%" overflowY="auto" px="3" py="2">
      {PALETTE.map((group) => (
        <Box key={group.title} mb="3">
          <Text fontSize="sm" fontWeight="semibold" color="#222" my="2">
            {group.title}
          </Text>
          <Grid templateColumns="repeat(2, 1fr)" gap="2">
            {group.list.map((t) => (
              <PaletteItem key={String(t.__config__.tagIcon)} template={t} onAdd={onAdd} />
            ))}
          </Grid>
        </Box>
      ))}
    </Box>
  );
}
