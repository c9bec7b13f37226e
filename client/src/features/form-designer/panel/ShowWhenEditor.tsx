/**
 * 显示条件 (the visibility rule `__config__.showWhen = {field, value?}`): pick another field of
 * the form by label (row containers flattened, never the component itself) and optionally a value
 * (empty = 有值即显示); choosing 不设置 removes the rule. Controls: `prop-showWhenField` (select),
 * `prop-showWhenValue` (select of the watched field's options, or a text input).
 */
import { Box, Text } from '@chakra-ui/react';
import type { FormField } from '../../../../../shared/form/types';
import type { ItemEditorProps } from './BasicProps';
import { PanelDivider, PropRow, SelectControl, TextProp } from './controls';
import { showWhenChoices, showWhenText, withShowWhen } from './visibility';

/** The visibility block; see the file comment. */
export function ShowWhenEditor({ item, onItemChange, drawingList }: ItemEditorProps & { drawingList: FormField[] }) {
  const rule = item.__config__.showWhen as { field?: string; value?: unknown } | undefined;
  const watch = typeof rule?.field === 'string' ? rule.field : '';
  const choices = showWhenChoices(drawingList, item);
  const watched = choices.find((c) => c.vModel === watch);
  const valueText = showWhenText(rule);
  const fieldChoices = choices.map((c) => ({ label: c.label, value: c.vModel }));
  // A rule naming a field that no longer exists stays visible so it can be removed.
  if (watch && !watched) fieldChoices.push({ label: `${watch}（已不存在）`, value: watch });
  return (
    <Box data-testid="showwhen-editor">
      <PanelDivider>显示条件</PanelDivider>
      <PropRow label="依赖字段">
        <SelectControl
          name="showWhenField"
          label="依赖字段"
          value={watch}
          choices={fieldChoices}
          allowEmpty
          placeholder="不设置（始终显示）"
          onChange={(v) => onItemChange(withShowWhen(item, v, v === watch ? valueText : ''))}
        />
      </PropRow>
      {watch && (
        watched && watched.options.length ? (
          <PropRow label="字段值">
            <SelectControl
              name="showWhenValue"
              label="字段值"
              value={valueText}
              choices={watched.options.map((o) => ({ label: o.label, value: String(o.value) }))}
              allowEmpty
              placeholder="有值即显示"
              onChange={(v) => onItemChange(withShowWhen(item, watch, v))}
            />
          </PropRow>
        ) : (
          <TextProp label="字段值" name="showWhenValue" value={valueText} placeholder="有值即显示" onChange={(v) => onItemChange(withShowWhen(item, watch, v))} />
        )
      )}
      <Text fontSize="xs" color="fg.muted" ml="92px" mt="-1" mb="2">
        {watch ? (valueText ? `当该字段等于（或包含）“${valueText}”时显示` : '当该字段有值时显示') : '未设置时始终显示'}；隐藏的字段不校验、不提交。
      </Text>
    </Box>
  );
}
