/**
 * Small cells of the list tables shared across domains (流程定义, 表单配置's picker, the task
 * lists, 抄送我的): the text button of the 操作 column and the 流程版本 tag.
 */
import { Badge, Button } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { HasPermi } from '../Permission';
import { Icon, type UiIconName } from '../Icon';

/** A text button of the 操作 column; with `perm` it shows only with the permission. */
export function RowLink({ icon, children, onClick, perm, testId, tone, fontSize = 'xs' }: {
  icon?: UiIconName;
  children: ReactNode;
  onClick: () => void;
  perm?: string[];
  testId?: string;
  tone?: 'danger';
  /** 'sm' for a value shown as a link (流程名称, 表单名称). */
  fontSize?: 'xs' | 'sm';
}) {
  const button = (
    <Button
      size="xs"
      variant="plain"
      color={tone === 'danger' ? 'red.500' : 'brand.solid'}
      px="1"
      h="6"
      minW="0"
      fontWeight="normal"
      fontSize={fontSize}
      onClick={onClick}
      data-testid={testId}
      _hover={{ opacity: 0.75 }}
    >
      {icon && <Icon name={icon} />}
      {children}
    </Button>
  );
  return perm ? <HasPermi value={perm}>{button}</HasPermi> : button;
}

/** 流程版本 as el-tag `v{n}`. */
export function VersionTag({ version }: { version: number | string | null | undefined }) {
  if (version === null || version === undefined || version === '') return null;
  return (
    <Badge variant="surface" colorPalette="blue" size="md" fontWeight="normal" data-testid="version-tag">
      v{version}
    </Badge>
  );
}
