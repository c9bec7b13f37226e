/**
 * The component-specific part of 组件属性 (form-generator RightPanel): 至少应选 / 最多可选 (min 0),
 * 前缀 / 后缀, 前图标 / 后图标 (icon picker, 980 px, spec §2 "Other"), 选项分隔符, 最小行数 / 最大行数
 * (min 1), 最小值 / 最大值 / 步长 / 精度 (min 0) / 按钮位置, 最多输入, the switch's texts and values,
 * 时间段 / 时间类型 / 时间格式 (spec §9 formats), 范围分隔符, the upload's 文件字段名 / 文件类型 /
 * 文件大小 + 单位 / 上传地址 / 列表类型 / 按钮文字, 选项样式, 组件尺寸 and the button's 按钮类型 / 按钮文字.
 */
import { Button, Flex } from '@chakra-ui/react';
import { useState } from 'react';
import { IconSelectDialog } from '../../../components/pickers/IconSelect';
import { isNumberStr } from '../../../../../shared/form/fields';
import type { ItemEditorProps } from './BasicProps';
import { NumberProp, PropRow, RadioProp, SelectControl, SelectProp, TextProp } from './controls';
import { setConfig, setIn } from './edit';
import {
  ACCEPT_CHOICES, BUTTON_TYPES, CONTROLS_POSITIONS, DATE_RANGE_TYPES, DATE_TYPES, LIST_TYPES, OPTION_TYPES, SIZE_CHOICES,
  SIZE_UNITS, formatOfDateType, showsProp, valueFormatOf,
} from './props';

/** A switch's 开启值 / 关闭值 as stored: 'true'/'false' → boolean, numeric text → number. */
function switchValue(text: string): unknown {
  if (text === 'true') return true;
  if (text === 'false') return false;
  return isNumberStr(text) ? Number(text) : text;
}

/** The component-specific properties block; see the file comment. */
export function TypeProps({ item, onItemChange }: ItemEditorProps) {
  const c = item.__config__;
  const has = (k: Parameters<typeof showsProp>[1]) => showsProp(item, k);
  const put = (path: string[], v: unknown) => onItemChange(setIn(item, path, v));
  const conf = (k: string, v: unknown) => onItemChange(setConfig(item, k, v));
  const [iconFor, setIconFor] = useState<'prefix-icon' | 'suffix-icon' | null>(null);
  const autosize = (item.autosize ?? {}) as { minRows?: number; maxRows?: number };
  const iconPick = (key: 'prefix-icon' | 'suffix-icon') => (
    <Button size="sm" variant="outline" onClick={() => setIconFor(key)} data-testid={`pick-${key}`}>
      选择
    </Button>
  );
  const dateTypes = String(item.type ?? '').endsWith('range') ? DATE_RANGE_TYPES : DATE_TYPES;
  return (
    <>
      {has('checkboxMinMax') && (
        <>
          <NumberProp label="至少应选" name="checkMin" min={0} value={item.min ?? ''} placeholder="至少应选" onChange={(v) => put(['min'], v ?? null)} />
          <NumberProp label="最多可选" name="checkMax" min={0} value={item.max ?? ''} placeholder="最多可选" onChange={(v) => put(['max'], v ?? null)} />
        </>
      )}
      {has('prependAppend') && (
        <>
          <TextProp label="前缀" name="prepend" value={item.__slot__?.prepend} placeholder="请输入前缀" onChange={(v) => put(['__slot__', 'prepend'], v)} />
          <TextProp label="后缀" name="append" value={item.__slot__?.append} placeholder="请输入后缀" onChange={(v) => put(['__slot__', 'append'], v)} />
        </>
      )}
      {has('icons') && (
        <>
          <TextProp label="前图标" name="prefix-icon" value={item['prefix-icon']} placeholder="请输入前图标名称" onChange={(v) => put(['prefix-icon'], v)} endElement={iconPick('prefix-icon')} />
          <TextProp label="后图标" name="suffix-icon" value={item['suffix-icon']} placeholder="请输入后图标名称" onChange={(v) => put(['suffix-icon'], v)} endElement={iconPick('suffix-icon')} />
          <IconSelectDialog
            open={iconFor !== null}
            onClose={() => setIconFor(null)}
            value={iconFor ? String(item[iconFor] ?? '') : ''}
            onSelect={(name) => iconFor && put([iconFor], name)}
          />
        </>
      )}
      {has('separator') && <TextProp label="选项分隔符" name="separator" value={item.separator} placeholder="请输入选项分隔符" onChange={(v) => put(['separator'], v)} />}
      {has('autosize') && (
        <>
          <NumberProp label="最小行数" name="minRows" min={1} value={autosize.minRows ?? ''} placeholder="最小行数" onChange={(v) => put(['autosize', 'minRows'], v)} />
          <NumberProp label="最大行数" name="maxRows" min={1} value={autosize.maxRows ?? ''} placeholder="最大行数" onChange={(v) => put(['autosize', 'maxRows'], v)} />
        </>
      )}
      {has('min') && <NumberProp label="最小值" name="min" value={item.min ?? ''} placeholder="最小值" onChange={(v) => put(['min'], v)} />}
      {has('max') && <NumberProp label="最大值" name="max" value={item.max ?? ''} placeholder="最大值" onChange={(v) => put(['max'], v)} />}
      {has('step') && <NumberProp label="步长" name="step" value={item.step ?? ''} placeholder="步数" onChange={(v) => put(['step'], v)} />}
      {has('precision') && <NumberProp label="精度" name="precision" min={0} value={item.precision ?? ''} placeholder="精度" onChange={(v) => put(['precision'], v)} />}
      {has('controlsPosition') && (
        <RadioProp label="按钮位置" name="controls-position" value={item['controls-position'] ?? ''} choices={CONTROLS_POSITIONS} onChange={(v) => put(['controls-position'], v)} />
      )}
      {has('maxlength') && (
        <NumberProp label="最多输入" name="maxlength" min={1} value={item.maxlength ?? ''} placeholder="请输入字符长度" onChange={(v) => put(['maxlength'], v ?? null)} suffix="个字符" />
      )}
      {has('switchTexts') && (
        <>
          <TextProp label="开启提示" name="active-text" value={item['active-text']} placeholder="请输入开启提示" onChange={(v) => put(['active-text'], v)} />
          <TextProp label="关闭提示" name="inactive-text" value={item['inactive-text']} placeholder="请输入关闭提示" onChange={(v) => put(['inactive-text'], v)} />
        </>
      )}
      {has('switchValues') && (
        <>
          <TextProp label="开启值" name="active-value" value={item['active-value'] ?? true} placeholder="请输入开启值" onChange={(v) => put(['active-value'], switchValue(v))} />
          <TextProp label="关闭值" name="inactive-value" value={item['inactive-value'] ?? false} placeholder="请输入关闭值" onChange={(v) => put(['inactive-value'], switchValue(v))} />
        </>
      )}
      {has('timeRange') && (
        <TextProp
          label="时间段"
          name="selectableRange"
          value={(item['picker-options'] as { selectableRange?: string } | undefined)?.selectableRange}
          placeholder="请输入时间段"
          onChange={(v) => put(['picker-options', 'selectableRange'], v)}
        />
      )}
      {has('dateType') && (
        <SelectProp
          label="时间类型"
          name="dateType"
          value={item.type ?? 'date'}
          choices={dateTypes}
          onChange={(v) => {
            const format = formatOfDateType(v) ?? 'yyyy-MM-dd';
            onItemChange({ ...setConfig(item, 'defaultValue', null), type: v, format, 'value-format': valueFormatOf(format, v) });
          }}
        />
      )}
      {has('format') && (
        <TextProp
          label="时间格式"
          name="format"
          value={item.format}
          placeholder="请输入时间格式"
          onChange={(v) => onItemChange({ ...setConfig(item, 'defaultValue', null), format: v, 'value-format': valueFormatOf(v, String(item.type ?? '')) })}
        />
      )}
      {has('rangeSeparator') && <TextProp label="范围分隔符" name="range-separator" value={item['range-separator']} placeholder="请输入范围分隔符" onChange={(v) => put(['range-separator'], v)} />}
      {has('fileName') && <TextProp label="文件字段名" name="fileName" value={item.name} placeholder="请输入上传文件字段名" onChange={(v) => put(['name'], v)} />}
      {has('accept') && (
        <SelectProp label="文件类型" name="accept" value={item.accept ?? ''} choices={ACCEPT_CHOICES} allowEmpty placeholder="不限" onChange={(v) => put(['accept'], v)} />
      )}
      {has('fileSize') && (
        <NumberProp
          label="文件大小"
          name="fileSize"
          min={0}
          value={c.fileSize ?? ''}
          placeholder="请输入文件大小"
          onChange={(v) => conf('fileSize', v)}
          suffix={
            <Flex w="84px" flexShrink={0}>
              <SelectControl name="sizeUnit" label="单位" value={c.sizeUnit ?? 'MB'} choices={SIZE_UNITS} onChange={(v) => conf('sizeUnit', v)} />
            </Flex>
          }
        />
      )}
      {has('action') && <TextProp label="上传地址" name="action" value={item.action} placeholder="请输入上传地址" onChange={(v) => put(['action'], v)} />}
      {has('listType') && <RadioProp label="列表类型" name="list-type" value={item['list-type'] ?? 'text'} choices={LIST_TYPES} onChange={(v) => put(['list-type'], v)} />}
      {has('buttonText') && <TextProp label="按钮文字" name="buttonText" value={c.buttonText} placeholder="请输入按钮文字" onChange={(v) => conf('buttonText', v)} />}
      {has('buttonLabel') && <TextProp label="按钮文字" name="buttonLabel" value={item.__slot__?.default} placeholder="请输入按钮文字" onChange={(v) => put(['__slot__', 'default'], v)} />}
      {has('buttonType') && (
        <PropRow label="按钮类型">
          <SelectControl name="buttonType" label="按钮类型" value={item.type ?? 'primary'} choices={BUTTON_TYPES} onChange={(v) => put(['type'], v)} />
        </PropRow>
      )}
      {has('optionType') && <RadioProp label="选项样式" name="optionType" value={c.optionType ?? 'default'} choices={OPTION_TYPES} onChange={(v) => conf('optionType', v)} />}
      {has('size') && <RadioProp label="组件尺寸" name="size" value={item.size ?? 'medium'} choices={SIZE_CHOICES} onChange={(v) => put(['size'], v)} />}
    </>
  );
}
