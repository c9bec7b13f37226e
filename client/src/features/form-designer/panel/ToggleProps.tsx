/**
 * The switches of 组件属性 (form-generator RightPanel, last block): 显示提示, 是否带边框, 显示标签,
 * 是否必填, 能否清空, 显示输入统计, 是否禁用, 是否只读, 能否搜索, 是否多选 (a multiple select's default
 * value becomes [] and back to ''), the cascader's 是否多选 / 任选层级 / 展示全路径 / 可否筛选, the rate's
 * 允许半选 / 辅助文字 / 显示分数, the slider's 显示间断点 / 范围选择, and the upload's 自动上传 / 多选文件.
 */
import type { ItemEditorProps } from './BasicProps';
import { SwitchProp } from './controls';
import { setConfig, setIn } from './edit';
import { showsProp, type PropKey } from './props';

/** The switches block; see the file comment. */
export function ToggleProps({ item, onItemChange }: ItemEditorProps) {
  const c = item.__config__;
  const has = (k: PropKey) => showsProp(item, k);
  const put = (path: string[], v: unknown) => onItemChange(setIn(item, path, v));
  const conf = (k: string, v: unknown) => onItemChange(setConfig(item, k, v));
  const flag = (key: string) => item[key] === true;
  const cascaderProps = ((item.props as { props?: Record<string, unknown> } | undefined)?.props ?? {}) as Record<string, unknown>;
  return (
    <>
      {has('showTip') && <SwitchProp label="显示提示" name="showTip" checked={c.showTip === true} onChange={(v) => conf('showTip', v)} />}
      {has('border') && <SwitchProp label="是否带边框" name="border" checked={c.border === true} onChange={(v) => conf('border', v)} />}
      {has('showLabel') && <SwitchProp label="显示标签" name="showLabel" checked={c.showLabel !== false} onChange={(v) => conf('showLabel', v)} />}
      {has('required') && <SwitchProp label="是否必填" name="required" checked={c.required === true} onChange={(v) => conf('required', v)} />}
      {has('clearable') && <SwitchProp label="能否清空" name="clearable" checked={flag('clearable')} onChange={(v) => put(['clearable'], v)} />}
      {has('showWordLimit') && <SwitchProp label="显示输入统计" name="show-word-limit" checked={flag('show-word-limit')} onChange={(v) => put(['show-word-limit'], v)} />}
      {has('cascaderFlags') && (
        <>
          <SwitchProp
            label="是否多选"
            name="cascaderMultiple"
            checked={cascaderProps.multiple === true}
            onChange={(v) => onItemChange(setConfig(setIn(item, ['props', 'props', 'multiple'], v), 'defaultValue', []))}
          />
          <SwitchProp label="任选层级" name="checkStrictly" checked={cascaderProps.checkStrictly === true} onChange={(v) => put(['props', 'props', 'checkStrictly'], v)} />
          <SwitchProp label="展示全路径" name="show-all-levels" checked={item['show-all-levels'] !== false} onChange={(v) => put(['show-all-levels'], v)} />
          <SwitchProp label="可否筛选" name="cascaderFilterable" checked={flag('filterable')} onChange={(v) => put(['filterable'], v)} />
        </>
      )}
      {has('rateFlags') && (
        <>
          <SwitchProp label="允许半选" name="allow-half" checked={flag('allow-half')} onChange={(v) => put(['allow-half'], v)} />
          <SwitchProp label="辅助文字" name="show-text" checked={flag('show-text')} onChange={(v) => put(['show-text'], v)} />
          <SwitchProp label="显示分数" name="show-score" checked={flag('show-score')} onChange={(v) => put(['show-score'], v)} />
        </>
      )}
      {has('sliderFlags') && (
        <>
          <SwitchProp label="显示间断点" name="show-stops" checked={flag('show-stops')} onChange={(v) => put(['show-stops'], v)} />
          <SwitchProp
            label="范围选择"
            name="range"
            checked={flag('range')}
            onChange={(v) => onItemChange(setConfig(setIn(item, ['range'], v), 'defaultValue', v ? [item.min ?? 0, item.max ?? 100] : null))}
          />
        </>
      )}
      {has('disabled') && <SwitchProp label="是否禁用" name="disabled" checked={flag('disabled')} onChange={(v) => put(['disabled'], v)} />}
      {has('readonly') && <SwitchProp label="是否只读" name="readonly" checked={flag('readonly')} onChange={(v) => put(['readonly'], v)} />}
      {has('filterable') && <SwitchProp label="能否搜索" name="filterable" checked={flag('filterable')} onChange={(v) => put(['filterable'], v)} />}
      {has('multiple') && (
        <SwitchProp
          label="是否多选"
          name="multiple"
          checked={flag('multiple')}
          onChange={(v) => onItemChange(setConfig(setIn(item, ['multiple'], v), 'defaultValue', v ? [] : ''))}
        />
      )}
      {has('autoUpload') && <SwitchProp label="自动上传" name="auto-upload" checked={item['auto-upload'] !== false} onChange={(v) => put(['auto-upload'], v)} />}
      {has('uploadMultiple') && <SwitchProp label="多选文件" name="uploadMultiple" checked={flag('multiple')} onChange={(v) => put(['multiple'], v)} />}
    </>
  );
}
