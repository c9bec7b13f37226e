/**
 * 正则校验 (spec §5 "Form designer": a component's regex list holds a pattern and a message, both
 * entered by the user): the rows of `__config__.regList` (表达式 / 错误提示, editable, × deletes)
 * and a new-row form whose 添加规则 requires both (and a pattern that compiles).
 * Rows carry `data-testid="reg-row"`; the new-row inputs are `reg-pattern` / `reg-message`.
 */
import { Box, Button, Flex, IconButton, Input, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Icon } from '../../../components/Icon';
import type { ItemEditorProps } from './BasicProps';
import { PanelDivider } from './controls';
import { setConfig } from './edit';
import { removeAt, validateRegRow } from './lists';

type RegRow = { pattern: string; message: string };

/** The regex block; see the file comment. */
export function RegListEditor({ item, onItemChange }: ItemEditorProps) {
  const list = (Array.isArray(item.__config__.regList) ? item.__config__.regList : []) as RegRow[];
  const [draft, setDraft] = useState<RegRow>({ pattern: '', message: '' });
  const [errors, setErrors] = useState<{ pattern?: string; message?: string }>({});
  const save = (next: RegRow[]) => onItemChange(setConfig(item, 'regList', next));
  const edit = (i: number, key: keyof RegRow, v: string) => save(list.map((r, j) => (j === i ? { ...r, [key]: v } : r)));
  const add = () => {
    const found = validateRegRow(draft);
    setErrors(found);
    if (found.pattern || found.message) return;
    save([...list, { pattern: draft.pattern.trim(), message: draft.message.trim() }]);
    setDraft({ pattern: '', message: '' });
  };
  return (
    <Box data-testid="reglist-editor">
      <PanelDivider>正则校验</PanelDivider>
      {list.map((r, i) => (
        <Flex key={i} gap="1.5" align="flex-start" mb="2" p="2" borderWidth="1px" borderRadius="sm" bg="gray.50" data-testid="reg-row">
          <Box flex="1" minW="0">
            <Input size="xs" h="7" mb="1" value={r.pattern} placeholder="请输入正则" aria-label="表达式" onChange={(e) => edit(i, 'pattern', e.target.value)} />
            <Input size="xs" h="7" value={r.message} placeholder="请输入错误提示" aria-label="错误提示" onChange={(e) => edit(i, 'message', e.target.value)} />
          </Box>
          <IconButton size="xs" variant="ghost" colorPalette="red" aria-label="删除规则" onClick={() => save(removeAt(list, i))}>
            <Icon name="close" />
          </IconButton>
        </Flex>
      ))}
      <Box p="2" borderWidth="1px" borderStyle="dashed" borderRadius="sm">
        <Input
          size="xs"
          h="7"
          value={draft.pattern}
          placeholder="表达式，如 /^\d+$/"
          aria-label="新规则表达式"
          data-testid="reg-pattern"
          onChange={(e) => setDraft({ ...draft, pattern: e.target.value })}
        />
        {errors.pattern && <Text fontSize="xs" color="fg.error" data-testid="panel-error">{errors.pattern}</Text>}
        <Input
          size="xs"
          h="7"
          mt="1"
          value={draft.message}
          placeholder="错误提示"
          aria-label="新规则错误提示"
          data-testid="reg-message"
          onChange={(e) => setDraft({ ...draft, message: e.target.value })}
          onKeyDown={(e) => e.key === 'Enter' && add()}
        />
        {errors.message && <Text fontSize="xs" color="fg.error" data-testid="panel-error">{errors.message}</Text>}
        <Button size="xs" variant="ghost" colorPalette="brand" mt="1" onClick={add} data-testid="reg-add">
          <Icon name="plus" /> 添加规则
        </Button>
      </Box>
    </Box>
  );
}
