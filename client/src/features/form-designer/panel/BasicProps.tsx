/**
 * The common part of 组件属性 (form-generator RightPanel, first block): 组件类型, 字段名, 组件文档,
 * 标题, 占位提示 / 开始占位 / 结束占位, 表单栅格 (1-24), the row container's 栅格间隔 (`gutter`, min 0;
 * empty = the form's, as the renderer reads it) / 布局模式
 * / 水平排列 / 垂直排列, 标签宽度, 组件宽度 and 默认值 (spec §2 "Form designer", §5 number minimums).
 */
import { Link, Text } from '@chakra-ui/react';
import { INPUT_COMPONENTS, SELECT_COMPONENTS, canBeColumn } from '../catalogue';
import type { FormField } from '../../../../../shared/form/types';
import { NumberProp, PropRow, RadioProp, SelectControl, SpanProp, TextProp } from './controls';
import { changeTag, defaultValueText, parseDefaultValue, setConfig, setIn } from './edit';
import { ALIGN_CHOICES, JUSTIFY_CHOICES, ROW_TYPES, showsProp, type Choice } from './props';

/** Props of every block of the 组件属性 tab. */
export interface ItemEditorProps {
  item: FormField;
  onItemChange: (next: FormField) => void;
}

/** BasicProps also knows whether the component is a detail-table column (its 组件类型 then offers column tags only). */
export interface BasicPropsProps extends ItemEditorProps {
  detailColumn?: boolean;
}

/** 组件类型 choices: the input and select palette entries, keyed by tagIcon, labelled by their Chinese names only. */
const TAG_CHOICES: Choice[] = [...INPUT_COMPONENTS, ...SELECT_COMPONENTS].map((t) => ({
  label: String(t.__config__.label),
  value: String(t.__config__.tagIcon),
}));
const inputIcons = new Set(INPUT_COMPONENTS.map((t) => t.__config__.tagIcon));

/** The common properties block; see the file comment. */
export function BasicProps({ item, onItemChange, detailColumn = false }: BasicPropsProps) {
  const c = item.__config__;
  const has = (k: Parameters<typeof showsProp>[1]) => showsProp(item, k);
  const put = (path: string[], v: unknown) => onItemChange(setIn(item, path, v));
  const conf = (k: string, v: unknown) => onItemChange(setConfig(item, k, v));
  const group = inputIcons.has(c.tagIcon) ? INPUT_COMPONENTS : SELECT_COMPONENTS;
  const tagChoices = TAG_CHOICES.filter((t) => group.some((g) => g.__config__.tagIcon === t.value && (!detailColumn || canBeColumn(g))));
  return (
    <>
      {has('changeTag') && (
        <PropRow label="组件类型">
          <SelectControl
            name="changeTag"
            label="组件类型"
            value={c.tagIcon}
            choices={tagChoices}
            onChange={(icon) => {
              const template = group.find((t) => t.__config__.tagIcon === icon);
              if (template && icon !== c.tagIcon) onItemChange(changeTag(item, template));
            }}
          />
        </PropRow>
      )}
      {detailColumn && (
        <Text fontSize="xs" color="fg.muted" bg="gray.50" borderRadius="sm" px="2" py="1.5" mb="2" data-testid="detail-column-hint">
          这是明细表的一列：字段名是每行数据中的键。
        </Text>
      )}
      {has('vModel') && <TextProp label="字段名" name="vModel" value={item.__vModel__} placeholder="请输入字段名" onChange={(v) => put(['__vModel__'], v)} />}
      {has('document') && (
        <PropRow label="组件文档">
          <Link href={String(c.document)} target="_blank" rel="noopener noreferrer" fontSize="sm" color="brand.solid" pt="1.5" display="inline-block">
            查看组件文档
          </Link>
        </PropRow>
      )}
      {has('label') && <TextProp label="标题" name="label" value={c.label} placeholder="请输入标题" onChange={(v) => conf('label', v)} />}
      {has('placeholder') && <TextProp label="占位提示" name="placeholder" value={item.placeholder} placeholder="请输入占位提示" onChange={(v) => put(['placeholder'], v)} />}
      {has('rangePlaceholder') && (
        <>
          <TextProp label="开始占位" name="start-placeholder" value={item['start-placeholder']} placeholder="请输入占位提示" onChange={(v) => put(['start-placeholder'], v)} />
          <TextProp label="结束占位" name="end-placeholder" value={item['end-placeholder']} placeholder="请输入占位提示" onChange={(v) => put(['end-placeholder'], v)} />
        </>
      )}
      {has('span') && <SpanProp value={c.span} onChange={(v) => conf('span', v)} />}
      {has('gutter') && <NumberProp label="栅格间隔" name="gutter" min={0} value={item.gutter ?? ''} placeholder="同表单栅格间隔" onChange={(v) => put(['gutter'], v)} />}
      {has('rowType') && <RadioProp label="布局模式" name="rowType" value={item.type ?? 'default'} choices={ROW_TYPES} onChange={(v) => put(['type'], v)} />}
      {has('justify') && (
        <PropRow label="水平排列">
          <SelectControl name="justify" label="水平排列" value={item.justify ?? 'start'} choices={JUSTIFY_CHOICES} onChange={(v) => put(['justify'], v)} />
        </PropRow>
      )}
      {has('align') && <RadioProp label="垂直排列" name="align" value={item.align ?? 'top'} choices={ALIGN_CHOICES} onChange={(v) => put(['align'], v)} />}
      {has('labelWidth') && (
        <NumberProp label="标签宽度" name="labelWidth" min={0} value={c.labelWidth ?? ''} placeholder="请输入标签宽度" onChange={(v) => conf('labelWidth', v ?? null)} />
      )}
      {has('width') && (
        <TextProp
          label="组件宽度"
          name="width"
          value={(item.style as { width?: unknown } | undefined)?.width}
          placeholder="请输入组件宽度"
          onChange={(v) => put(['style', 'width'], v)}
        />
      )}
      {has('defaultValue') && (
        <TextProp
          label="默认值"
          name="defaultValue"
          value={defaultValueText(c.defaultValue)}
          placeholder="请输入默认值"
          onChange={(v) => conf('defaultValue', parseDefaultValue(item, v))}
        />
      )}
    </>
  );
}
