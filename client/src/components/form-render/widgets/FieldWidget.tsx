/**
 * The widget of one `colFormItem` by its `__config__.tag` (spec §3 "Component catalogue";
 * reference §7 tags). An unknown tag shows a muted note instead of failing the form.
 */
import { Text } from '@chakra-ui/react';
import type { ComponentType } from 'react';
import { CascaderWidget } from './CascaderWidget';
import { CheckboxWidget, RadioWidget, SelectWidget } from './ChoiceWidgets';
import { DateWidget, TimeWidget } from './DateWidgets';
import { ButtonWidget, ColorWidget, RateWidget, SliderWidget, SwitchWidget } from './MiscWidgets';
import { RichTextWidget } from './RichTextWidget';
import { InputWidget, NumberWidget } from './TextWidgets';
import type { WidgetProps } from './types';
import { UploadWidget } from './UploadWidget';

/** Tag → widget. */
export const WIDGETS: Record<string, ComponentType<WidgetProps>> = {
  'el-input': InputWidget,
  'el-input-number': NumberWidget,
  tinymce: RichTextWidget,
  'el-select': SelectWidget,
  'el-cascader': CascaderWidget,
  'el-radio-group': RadioWidget,
  'el-checkbox-group': CheckboxWidget,
  'el-switch': SwitchWidget,
  'el-slider': SliderWidget,
  'el-time-picker': TimeWidget,
  'el-date-picker': DateWidget,
  'el-rate': RateWidget,
  'el-color-picker': ColorWidget,
  'el-upload': UploadWidget,
  'el-button': ButtonWidget,
};

export function FieldWidget(props: WidgetProps) {
  const Widget = WIDGETS[String(props.field.__config__.tag)];
  if (!Widget) {
    return (
      <Text fontSize="sm" color="fg.muted" pt="1.5">
        不支持的组件：{String(props.field.__config__.tag ?? '')}
      </Text>
    );
  }
  return <Widget {...props} />;
}
