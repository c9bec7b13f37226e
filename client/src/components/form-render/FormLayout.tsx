/**
 * Layout pieces of the renderer (reference §7 Parser `colFormItem` / `rowFormItem`; spec §3
 * span 1-24, gutter, labelWidth/labelPosition/showLabel; row `type: flex` with justify and align
 * top/middle/bottom).
 */
import { Box, Flex, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { FormError } from '../form/form-kit';
import { READ_ONLY_CSS } from './read-only';

const JUSTIFY: Record<string, string> = {
  start: 'flex-start', end: 'flex-end', center: 'center', 'space-around': 'space-around', 'space-between': 'space-between',
};
const ALIGN: Record<string, string> = { top: 'flex-start', middle: 'center', bottom: 'flex-end' };

/** el-row: a wrapping row whose columns are padded by half the gutter. */
export function Row({ gutter, flex, justify, align, children, testId }: {
  gutter: number;
  flex?: boolean;
  justify?: string;
  align?: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Flex
      wrap="wrap"
      mx={gutter ? `-${gutter / 2}px` : undefined}
      justify={flex ? (JUSTIFY[justify ?? 'start'] ?? 'flex-start') : 'flex-start'}
      align={flex ? (ALIGN[align ?? 'top'] ?? 'flex-start') : 'flex-start'}
      data-testid={testId}
    >
      {children}
    </Flex>
  );
}

/** Clamps a span to 1-24 (24 when absent). */
export function spanOf(span: unknown): number {
  const n = Number(span);
  return Number.isFinite(n) && n >= 1 ? Math.min(24, Math.round(n)) : 24;
}

/** el-col: `span` of 24. */
export function Col({ span, gutter, children, testId }: { span: number; gutter: number; children: ReactNode; testId?: string }) {
  return (
    <Box flex={`0 0 ${(spanOf(span) / 24) * 100}%`} maxW={`${(spanOf(span) / 24) * 100}%`} px={gutter ? `${gutter / 2}px` : undefined} minW="0" data-testid={testId}>
      {children}
    </Box>
  );
}

/**
 * el-form-item: label (with * when required) beside or above the control, the message below.
 * `readOnly`: the control shows a value that cannot change (read-only.ts: it reads as a value,
 * not as a pale disabled box); the item carries `data-readonly`.
 */
export function FormItem({ label, labelWidth, labelPosition, required, error, readOnly, children, testId }: {
  label?: string;
  labelWidth: number;
  labelPosition: string;
  required?: boolean;
  error?: string;
  readOnly?: boolean;
  children: ReactNode;
  testId?: string;
}) {
  const top = labelPosition === 'top';
  const labelBox = label ? (
    <Text
      as="label"
      display="block"
      w={top ? undefined : `${labelWidth}px`}
      flexShrink={0}
      textAlign={top || labelPosition === 'left' ? 'left' : 'right'}
      pr={top ? undefined : '3'}
      pb={top ? '1' : undefined}
      pt={top ? undefined : '1.5'}
      lineHeight="1.4"
      fontSize="sm"
      fontWeight="bold"
      color="#606266"
      wordBreak="break-all"
    >
      {required && (
        <Text as="span" color="red.500" mr="1">
          *
        </Text>
      )}
      {label}
    </Text>
  ) : !top && labelWidth > 0 ? (
    <Box w={`${labelWidth}px`} flexShrink={0} />
  ) : null;
  return (
    <Flex direction={top ? 'column' : 'row'} align="flex-start" mb="5" data-testid={testId} data-invalid={error ? '' : undefined}
      data-readonly={readOnly ? '' : undefined}>
      {labelBox}
      {/* The message takes no room (form-kit FormError): showing it moves nothing under the pointer. */}
      <Box flex="1" minW="0" w={top ? '100%' : undefined} position="relative" css={readOnly ? READ_ONLY_CSS : undefined}>
        {children}
        {error && <FormError>{error}</FormError>}
      </Box>
    </Flex>
  );
}
