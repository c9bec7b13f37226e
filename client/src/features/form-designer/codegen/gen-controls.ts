/**
 * JSX of one catalogue component for the generated file (codegen/generate.ts), mapped to Chakra
 * UI v3: el-input → Input (InputGroup addons for prepend / append; type=password for
 * show-password) or Textarea; el-input-number → NumberInput; tinymce → Textarea; el-select →
 * NativeSelect (multiple → checkboxes); el-cascader → one NativeSelect per level; el-radio-group →
 * RadioGroup; el-checkbox-group → CheckboxGroup + Checkbox; el-switch → Switch; el-slider → Slider;
 * el-time-picker / el-date-picker → Input type time / date / datetime-local / month / week (ranges:
 * two inputs); el-rate → RatingGroup; el-color-picker → Input type=color; el-upload → FileUpload;
 * el-button → Button. Every user text goes through `lit` (a JSON string literal).
 */
import type { FormField } from '../../../components/form-render';
import { lit, staticOptions, switchValue } from './gen-model';

/** What the control emitters share while one file is generated. */
export interface GenCtx {
  /** Chakra components the file imports. */
  imports: Set<string>;
  /** Module-level constant declarations (options lists). */
  consts: string[];
  /** Controls are rendered disabled (the form's `disabled`). */
  formDisabled: boolean;
  /** Chakra size of the inputs ('sm' for medium, 'xs' for small / mini). */
  size: 'sm' | 'xs';
}

/** How a control reads and writes its value: `value` is an expression, `set(expr)` an expression storing it. */
export interface Binding {
  value: string;
  set: (expr: string) => string;
}

/** A control's JSX and whether it is composite (not wrapped in a Chakra Field, see FormItem). */
export interface Control {
  jsx: string;
  plain: boolean;
}

const DATE_INPUT: Record<string, string> = {
  date: 'date', daterange: 'date', week: 'week', month: 'month', monthrange: 'month', year: 'number',
  datetime: 'datetime-local', datetimerange: 'datetime-local',
};

const BUTTON_STYLE: Record<string, string> = {
  primary: 'colorPalette="blue"', success: 'colorPalette="green"', warning: 'colorPalette="orange"', danger: 'colorPalette="red"',
  info: 'colorPalette="gray"', text: 'variant="ghost"',
};

/** ` name={literal}` when `v` is set, else ''. */
const attr = (name: string, v: unknown) => (v === undefined || v === null || v === '' ? '' : ` ${name}={${lit(v)}}`);
const flag = (name: string, on: unknown) => (on === true ? ` ${name}` : '');
const numAttr = (name: string, v: unknown) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? ` ${name}={${n}}` : '';
};

function declareOptions(ctx: GenCtx, field: FormField): string {
  const name = `OPTIONS_${ctx.consts.length + 1}`;
  ctx.consts.push(`const ${name}: Option[] = ${lit(staticOptions(field), 2)};`);
  return name;
}

function disabledOf(ctx: GenCtx, field: FormField): boolean {
  return ctx.formDisabled || field.disabled === true;
}

function textInput(field: FormField, b: Binding, ctx: GenCtx, disabled: boolean): string {
  ctx.imports.add('Input');
  const type = field['show-password'] === true ? 'password' : 'text';
  const input = `<Input size="${ctx.size}" type="${type}" value={text(${b.value})} onChange={(e) => ${b.set('e.target.value')}}`
    + `${attr('placeholder', field.placeholder)}${numAttr('maxLength', field.maxlength)}${flag('readOnly', field.readonly)}${flag('disabled', disabled)} />`;
  const slot = field.__slot__ ?? {};
  if (!slot.prepend && !slot.append) return input;
  ctx.imports.add('InputGroup');
  return `<InputGroup${attr('startAddon', slot.prepend)}${attr('endAddon', slot.append)}>\n  ${input}\n</InputGroup>`;
}

function pickerInput(type: string, b: Binding, ctx: GenCtx, disabled: boolean, placeholder: unknown, index?: number): string {
  ctx.imports.add('Input');
  const local = type === 'datetime-local';
  const read = index === undefined ? `text(${b.value})` : `text(list(${b.value})[${index}])`;
  const value = local ? `localIn(${read})` : read;
  const next = local ? 'localOut(e.target.value)' : 'e.target.value';
  const store = index === undefined ? b.set(next) : b.set(`rangeSet(${b.value}, ${index}, ${next})`);
  const step = type === 'time' || local ? ' step={1}' : '';
  return `<Input size="${ctx.size}" type="${type}"${step} value={${value}} onChange={(e) => ${store}}${attr('placeholder', placeholder)}${flag('disabled', disabled)} />`;
}

function range(field: FormField, type: string, b: Binding, ctx: GenCtx, disabled: boolean): string {
  ctx.imports.add('HStack');
  ctx.imports.add('Text');
  const sep = typeof field['range-separator'] === 'string' ? field['range-separator'] : '至';
  return `<HStack gap="2">\n  ${pickerInput(type, b, ctx, disabled, field['start-placeholder'], 0)}\n  <Text flexShrink={0}>{${lit(sep)}}</Text>\n  ${pickerInput(type, b, ctx, disabled, field['end-placeholder'], 1)}\n</HStack>`;
}

function checkboxes(field: FormField, b: Binding, ctx: GenCtx, disabled: boolean): string {
  ctx.imports.add('CheckboxGroup').add('Checkbox').add('HStack');
  const options = declareOptions(ctx, field);
  return [
    `<CheckboxGroup value={keysOf(${options}, ${b.value})} onValueChange={(keys) => ${b.set(`valuesAt(${options}, keys)`)}}${flag('disabled', disabled)}>`,
    `  <HStack gap="4" wrap="wrap">`,
    `    {${options}.map((o, i) => (`,
    `      <Checkbox.Root key={i} value={String(i)} size="sm">`,
    `        <Checkbox.HiddenInput />`,
    `        <Checkbox.Control />`,
    `        <Checkbox.Label>{o.label}</Checkbox.Label>`,
    `      </Checkbox.Root>`,
    `    ))}`,
    `  </HStack>`,
    `</CheckboxGroup>`,
  ].join('\n');
}

function upload(field: FormField, b: Binding, ctx: GenCtx, disabled: boolean): string {
  ctx.imports.add('FileUpload').add('Button').add('Text');
  const config = field.__config__;
  const unit = String(config.sizeUnit ?? 'MB');
  const factor = unit === 'KB' ? 1024 : unit === 'GB' ? 1024 ** 3 : 1024 ** 2;
  const size = Number(config.fileSize);
  const maxSize = Number.isFinite(size) && size > 0 ? ` maxFileSize={${size * factor}}` : '';
  const tip = config.showTip === true && Number.isFinite(size) && size > 0
    ? `\n  <Text fontSize="xs" color="fg.muted">{${lit(`只能上传不超过 ${size}${unit} 的${field.accept ? String(field.accept) : ''}文件`)}}</Text>` : '';
  const limit = numAttr('maxFiles', field.limit) || (field.multiple === true ? ' maxFiles={100}' : ' maxFiles={1}');
  return [
    `<FileUpload.Root${limit}${attr('accept', field.accept)}${maxSize}${flag('disabled', disabled)} onFileChange={(d) => ${b.set('d.acceptedFiles.map((f) => f.name)')}}>`,
    `  <FileUpload.HiddenInput />`,
    `  <FileUpload.Trigger asChild>`,
    `    <Button size="sm" variant="outline">{${lit(typeof config.buttonText === 'string' && config.buttonText ? config.buttonText : '点击上传')}}</Button>`,
    `  </FileUpload.Trigger>${tip}`,
    `  <FileUpload.List />`,
    `</FileUpload.Root>`,
  ].join('\n');
}

/** The JSX of a value-less el-button. */
export function buttonJsx(field: FormField, ctx: GenCtx): string {
  ctx.imports.add('Button');
  const style = BUTTON_STYLE[String(field.type ?? '')] ?? 'variant="outline"';
  const label = typeof field.__slot__?.default === 'string' ? field.__slot__.default : '按钮';
  return `<Button size="${ctx.size}" ${style}${flag('disabled', disabledOf(ctx, field))}>{${lit(label)}}</Button>`;
}

/** The control of a value field (see the module comment for the mapping). */
export function controlJsx(field: FormField, b: Binding, ctx: GenCtx): Control {
  const tag = String(field.__config__.tag ?? '');
  const disabled = disabledOf(ctx, field);
  const dis = flag('disabled', disabled);
  switch (tag) {
    case 'el-input':
      if (field.type === 'textarea') {
        ctx.imports.add('Textarea');
        const autosize = field.autosize as { minRows?: unknown } | undefined;
        const rows = numAttr('rows', autosize && typeof autosize === 'object' ? autosize.minRows : field.rows) || ' rows={4}';
        return { plain: false, jsx: `<Textarea size="${ctx.size}"${rows} value={text(${b.value})} onChange={(e) => ${b.set('e.target.value')}}${attr('placeholder', field.placeholder)}${numAttr('maxLength', field.maxlength)}${flag('readOnly', field.readonly)}${dis} />` };
      }
      return { plain: false, jsx: textInput(field, b, ctx, disabled) };
    case 'tinymce':
      ctx.imports.add('Textarea');
      return { plain: false, jsx: `<Textarea size="${ctx.size}" rows={8} value={text(${b.value})} onChange={(e) => ${b.set('e.target.value')}}${attr('placeholder', field.placeholder)}${dis} />` };
    case 'el-input-number': {
      ctx.imports.add('NumberInput');
      const precision = Number(field.precision);
      // The same three keys whatever the precision: zag's number input shares one cached formatter and compares options one-sidedly.
      const digits = Number.isInteger(precision) && precision >= 0 ? Math.min(precision, 15) : null;
      const format = digits !== null
        ? ` formatOptions={{ useGrouping: false, minimumFractionDigits: ${digits}, maximumFractionDigits: ${digits} }}`
        : ' formatOptions={{ useGrouping: false, minimumFractionDigits: 0, maximumFractionDigits: 15 }}';
      return { plain: false, jsx: [
        `<NumberInput.Root size="${ctx.size}" value={numberText(${b.value})} onValueChange={(d) => ${b.set('Number.isNaN(d.valueAsNumber) ? null : d.valueAsNumber')}}${numAttr('min', field.min)}${numAttr('max', field.max)}${numAttr('step', field.step)}${format}${dis}>`,
        `  <NumberInput.Control />`,
        `  <NumberInput.Input${attr('placeholder', field.placeholder)} />`,
        `</NumberInput.Root>`,
      ].join('\n') };
    }
    case 'el-select': {
      if (field.multiple === true) return { plain: true, jsx: checkboxes(field, b, ctx, disabled) };
      ctx.imports.add('NativeSelect');
      const options = declareOptions(ctx, field);
      return { plain: false, jsx: [
        `<NativeSelect.Root size="${ctx.size}"${dis}>`,
        `  <NativeSelect.Field placeholder={${lit(typeof field.placeholder === 'string' && field.placeholder ? field.placeholder : '请选择')}} value={keyOf(${options}, ${b.value})} onChange={(e) => ${b.set(`valueAt(${options}, e.currentTarget.value)`)}}>`,
        `    {${options}.map((o, i) => (`,
        `      <option key={i} value={String(i)}>{o.label}</option>`,
        `    ))}`,
        `  </NativeSelect.Field>`,
        `  <NativeSelect.Indicator />`,
        `</NativeSelect.Root>`,
      ].join('\n') };
    }
    case 'el-cascader': {
      const options = declareOptions(ctx, field);
      const placeholder = typeof field.placeholder === 'string' && field.placeholder ? field.placeholder : '请选择';
      return { plain: true, jsx: `<CascaderSelects options={${options}} value={${b.value}} onChange={(path) => ${b.set('path')}} disabled={${disabled}} placeholder={${lit(placeholder)}} />` };
    }
    case 'el-radio-group': {
      ctx.imports.add('RadioGroup').add('HStack');
      const options = declareOptions(ctx, field);
      return { plain: true, jsx: [
        `<RadioGroup.Root size="sm" value={keyOf(${options}, ${b.value})} onValueChange={(d) => ${b.set(`valueAt(${options}, d.value ?? '')`)}}${dis}>`,
        `  <HStack gap="4" wrap="wrap">`,
        `    {${options}.map((o, i) => (`,
        `      <RadioGroup.Item key={i} value={String(i)}>`,
        `        <RadioGroup.ItemHiddenInput />`,
        `        <RadioGroup.ItemIndicator />`,
        `        <RadioGroup.ItemText>{o.label}</RadioGroup.ItemText>`,
        `      </RadioGroup.Item>`,
        `    ))}`,
        `  </HStack>`,
        `</RadioGroup.Root>`,
      ].join('\n') };
    }
    case 'el-checkbox-group':
      return { plain: true, jsx: checkboxes(field, b, ctx, disabled) };
    case 'el-switch': {
      ctx.imports.add('Switch');
      const on = lit(switchValue(field, true));
      const off = lit(switchValue(field, false));
      return { plain: true, jsx: [
        `<Switch.Root size="sm" checked={same(${b.value}, ${on})} onCheckedChange={(d) => ${b.set(`d.checked ? ${on} : ${off}`)}}${dis}>`,
        `  <Switch.HiddenInput />`,
        `  <Switch.Control />`,
        `</Switch.Root>`,
      ].join('\n') };
    }
    case 'el-slider': {
      ctx.imports.add('Slider');
      const min = Number.isFinite(Number(field.min)) ? Number(field.min) : 0;
      const max = Number.isFinite(Number(field.max)) ? Number(field.max) : 100;
      const isRange = field.range === true;
      const value = isRange ? `[toNumber(list(${b.value})[0]) ?? ${min}, toNumber(list(${b.value})[1]) ?? ${max}]` : `[toNumber(${b.value}) ?? ${min}]`;
      return { plain: true, jsx: [
        `<Slider.Root size="sm" maxW="md" min={${min}} max={${max}}${numAttr('step', field.step)} value={${value}} onValueChange={(d) => ${b.set(isRange ? 'd.value' : 'd.value[0]')}}${dis}>`,
        `  <Slider.Control>`,
        `    <Slider.Track>`,
        `      <Slider.Range />`,
        `    </Slider.Track>`,
        `    <Slider.Thumbs />`,
        `  </Slider.Control>`,
        `</Slider.Root>`,
      ].join('\n') };
    }
    case 'el-time-picker':
      if (field['is-range'] === true) return { plain: true, jsx: range(field, 'time', b, ctx, disabled) };
      return { plain: false, jsx: pickerInput('time', b, ctx, disabled, field.placeholder) };
    case 'el-date-picker': {
      const pickerType = String(field.type ?? 'date');
      const type = DATE_INPUT[pickerType] ?? 'date';
      if (pickerType.endsWith('range')) return { plain: true, jsx: range(field, type, b, ctx, disabled) };
      return { plain: false, jsx: pickerInput(type, b, ctx, disabled, field.placeholder) };
    }
    case 'el-rate': {
      ctx.imports.add('RatingGroup');
      const count = Number.isInteger(Number(field.max)) && Number(field.max) > 0 ? Number(field.max) : 5;
      return { plain: true, jsx: [
        `<RatingGroup.Root size="sm" count={${count}} value={toNumber(${b.value}) ?? 0} onValueChange={(d) => ${b.set('d.value')}}${flag('allowHalf', field['allow-half'])}${dis}>`,
        `  <RatingGroup.HiddenInput />`,
        `  <RatingGroup.Control />`,
        `</RatingGroup.Root>`,
      ].join('\n') };
    }
    case 'el-color-picker':
      ctx.imports.add('Input').add('HStack').add('Text');
      return { plain: false, jsx: [
        `<HStack gap="2">`,
        `  <Input type="color" size="${ctx.size}" w="16" p="1" value={text(${b.value}) || '#000000'} onChange={(e) => ${b.set('e.target.value')}}${dis} />`,
        `  <Text fontSize="sm" color="fg.muted">{text(${b.value})}</Text>`,
        `</HStack>`,
      ].join('\n') };
    case 'el-upload':
      return { plain: true, jsx: upload(field, b, ctx, disabled) };
    default:
      return { plain: false, jsx: textInput(field, b, ctx, disabled) };
  }
}
