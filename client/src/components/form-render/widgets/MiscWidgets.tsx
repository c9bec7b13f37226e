/**
 * `el-switch`, `el-slider`, `el-rate`, `el-color-picker` and `el-button` of a stored form
 * (spec §9: rate max 5; slider min 0, max 100, step 1; button types primary, success, warning,
 * danger, info, text).
 */
import { Box, Button, CloseButton, Flex, Input, RatingGroup, Slider, Switch, Text } from '@chakra-ui/react';
import { numProp, widthOf, type WidgetProps } from './types';

/** el-switch with active-value / inactive-value (true / false by default) and their texts. */
export function SwitchWidget({ field, value, onChange, disabled, size }: WidgetProps) {
  const on = 'active-value' in field ? field['active-value'] : true;
  const off = 'inactive-value' in field ? field['inactive-value'] : false;
  const checked = value === on;
  return (
    <Flex align="center" gap="2" minH="8">
      {typeof field['inactive-text'] === 'string' && <Text fontSize="sm" color={checked ? 'fg.muted' : 'brand.fg'}>{field['inactive-text']}</Text>}
      <Switch.Root size={size} checked={checked} disabled={disabled} onCheckedChange={(d) => onChange(d.checked ? on : off)} name={field.__vModel__}>
        <Switch.HiddenInput />
        <Switch.Control />
      </Switch.Root>
      {typeof field['active-text'] === 'string' && <Text fontSize="sm" color={checked ? 'brand.fg' : 'fg.muted'}>{field['active-text']}</Text>}
    </Flex>
  );
}

/** el-slider (a range when `range`). */
export function SliderWidget({ field, value, onChange, disabled, size }: WidgetProps) {
  const min = numProp(field, 'min') ?? 0;
  const max = numProp(field, 'max') ?? 100;
  const range = field.range === true;
  const current = range
    ? (Array.isArray(value) && value.length === 2 ? value.map(Number) : [min, max])
    : [typeof value === 'number' ? value : Number(value ?? min) || min];
  return (
    <Flex align="center" gap="3" minH="8" w={widthOf(field) ?? '100%'}>
      <Slider.Root
        flex="1"
        size={size === 'xs' ? 'sm' : 'md'}
        min={min}
        max={max}
        step={numProp(field, 'step') ?? 1}
        disabled={disabled}
        value={current}
        onValueChange={(d) => onChange(range ? d.value : d.value[0])}
        name={field.__vModel__}
      >
        <Slider.Control>
          <Slider.Track>
            <Slider.Range />
          </Slider.Track>
          <Slider.Thumbs />
        </Slider.Control>
      </Slider.Root>
      <Text fontSize="sm" color="fg.muted" minW="10" textAlign="right">
        {current.join(' - ')}
      </Text>
    </Flex>
  );
}

const RATE_TEXTS = ['极差', '失望', '一般', '满意', '惊喜'];

/** el-rate: `max` stars (5), allow-half, show-text / show-score. */
export function RateWidget({ field, value, onChange, disabled }: WidgetProps) {
  const count = numProp(field, 'max') ?? 5;
  const n = typeof value === 'number' ? value : Number(value ?? 0) || 0;
  const note = field['show-score'] === true ? String(n) : field['show-text'] === true && n > 0 ? (RATE_TEXTS[Math.ceil(n) - 1] ?? '') : '';
  return (
    // Dimmed when read-only / disabled, as Chakra's other disabled controls (layerStyle disabled).
    <Flex align="center" gap="2" minH="8" opacity={disabled ? 0.5 : undefined} cursor={disabled ? 'not-allowed' : undefined} data-disabled={disabled ? '' : undefined}>
      <RatingGroup.Root
        count={count}
        allowHalf={field['allow-half'] === true}
        value={n}
        disabled={disabled}
        onValueChange={(d) => onChange(d.value)}
        colorPalette="orange"
        size="sm"
        name={field.__vModel__}
      >
        <RatingGroup.HiddenInput />
        <RatingGroup.Control />
      </RatingGroup.Root>
      {note && <Text fontSize="sm" color="orange.500">{note}</Text>}
    </Flex>
  );
}

/** el-color-picker: a hex colour (null when cleared); the swatch's title names it. */
export function ColorWidget({ field, value, onChange, disabled }: WidgetProps) {
  const color = typeof value === 'string' ? value : '';
  return (
    <Flex align="center" gap="2" minH="8" minW="0">
      <Box position="relative" w="9" h="8" flexShrink={0} borderWidth="1px" borderRadius="sm" p="1" opacity={disabled ? 0.6 : 1} title={color || undefined} data-testid="color-swatch">
        <Box w="100%" h="100%" borderRadius="xs" bg={color || 'transparent'} backgroundImage={color ? undefined : 'linear-gradient(45deg, transparent 45%, #f56c6c 45%, #f56c6c 55%, transparent 55%)'} />
        <Input
          type="color"
          aria-label={field.__config__.label ?? '颜色'}
          position="absolute"
          inset="0"
          opacity={0}
          cursor={disabled ? 'not-allowed' : 'pointer'}
          h="100%"
          disabled={disabled}
          value={/^#[0-9a-f]{6}$/i.test(color) ? color : '#409eff'}
          onChange={(e) => onChange(e.target.value)}
          name={field.__vModel__}
        />
      </Box>
      {color && !disabled && <CloseButton size="2xs" aria-label="清空颜色" onClick={() => onChange(null)} />}
    </Flex>
  );
}

const BUTTON_PALETTE: Record<string, string> = { primary: 'brand', success: 'green', warning: 'orange', danger: 'red', info: 'gray' };

/** el-button: `__slot__.default` text, type, plain, round; no value. */
export function ButtonWidget({ field, disabled, size }: WidgetProps) {
  const type = String(field.type ?? 'default');
  const palette = BUTTON_PALETTE[type];
  const variant = type === 'text' ? 'ghost' : !palette || field.plain === true ? 'outline' : 'solid';
  return (
    <Button
      size={size}
      colorPalette={palette ?? 'gray'}
      variant={variant}
      borderRadius={field.round === true ? 'full' : undefined}
      disabled={disabled || field.disabled === true}
      type="button"
    >
      {String(field.__slot__?.default ?? field.__config__.buttonText ?? '按钮')}
    </Button>
  );
}
