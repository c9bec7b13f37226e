/**
 * 选项 of a select / radio group / checkbox group (form-generator RightPanel options block; spec
 * §3 "Option item"): rows of 选项名 / 选项值 inputs (a numeric-string value is stored as a number),
 * a drag handle to reorder, × to delete, and 添加选项 opening the option dialog (spec §5).
 * Rows carry `data-testid="option-row"`.
 */
import { Box, Button, Flex, IconButton, Input } from '@chakra-ui/react';
import { DndContext, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useState } from 'react';
import { Icon } from '../../../components/Icon';
import type { FormOption } from '../../../../../shared/form/types';
import type { ItemEditorProps } from './BasicProps';
import { PanelDivider } from './controls';
import { setIn } from './edit';
import { moveItem, removeAt, updateOption } from './lists';
import { OptionDialog } from './OptionDialog';

function OptionRow({ id, option, onChange, onRemove }: {
  id: string;
  option: FormOption;
  onChange: (key: 'label' | 'value', text: string) => void;
  onRemove: () => void;
}) {
  const { attributes, listeners, setNodeRef, transform, transition } = useSortable({ id });
  return (
    <Flex ref={setNodeRef} style={{ transform: CSS.Transform.toString(transform), transition }} align="center" gap="1.5" mb="1.5" data-testid="option-row">
      <Box as="span" cursor="move" color="fg.muted" px="0.5" aria-label="拖动排序" {...attributes} {...listeners}>
        <Icon name="menu" />
      </Box>
      <Input size="xs" h="7" value={option.label} placeholder="选项名" aria-label="选项名" onChange={(e) => onChange('label', e.target.value)} />
      <Input
        size="xs"
        h="7"
        value={option.value === undefined || option.value === null ? '' : String(option.value)}
        placeholder="选项值"
        aria-label="选项值"
        onChange={(e) => onChange('value', e.target.value)}
      />
      <IconButton size="xs" variant="ghost" colorPalette="red" aria-label="删除选项" onClick={onRemove}>
        <Icon name="close" />
      </IconButton>
    </Flex>
  );
}

/** The options block; see the file comment. */
export function OptionsEditor({ item, onItemChange }: ItemEditorProps) {
  const options = (item.__slot__?.options ?? []) as FormOption[];
  const [adding, setAdding] = useState(false);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));
  const ids = options.map((_, i) => `opt-${i}`);
  const save = (next: FormOption[]) => onItemChange(setIn(item, ['__slot__', 'options'], next));
  const onDragEnd = (e: DragEndEvent) => {
    if (!e.over) return;
    save(moveItem(options, ids.indexOf(String(e.active.id)), ids.indexOf(String(e.over.id))));
  };
  return (
    <Box data-testid="options-editor">
      <PanelDivider>选项</PanelDivider>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          {options.map((o, i) => (
            <OptionRow key={ids[i]} id={ids[i]} option={o} onChange={(k, t) => save(updateOption(options, i, k, t))} onRemove={() => save(removeAt(options, i))} />
          ))}
        </SortableContext>
      </DndContext>
      <Button size="xs" variant="ghost" colorPalette="brand" ml="6" onClick={() => setAdding(true)} data-testid="option-add">
        <Icon name="plus" /> 添加选项
      </Button>
      <OptionDialog open={adding} title="添加选项" testId="option-dialog" onClose={() => setAdding(false)} onSubmit={(o) => save([...options, o])} />
    </Box>
  );
}
