/**
 * Icon selection (platform spec §2 "Other", §9: dialog 980 px wide with a search box; RuoYi
 * IconSelect): a grid of the menu icon names (Icon's `menu` set); clicking one selects it and closes the dialog.
 *
 * `IconSelect` (the menu form field): props `value?: string`, `onChange(name: string)`,
 * `placeholder?: string` ('点击选择图标'), `disabled?: boolean`, `w?: string` ('100%'). Shows the
 * chosen icon and name; clicking opens the dialog; × clears.
 * `IconSelectDialog` (custom triggers): props `open: boolean`, `onClose()`, `value?: string`,
 * `onSelect(name: string)`, `names?: string[]` (MENU_ICON_NAMES).
 */
import { Box, Input, InputGroup, SimpleGrid, Text, chakra } from '@chakra-ui/react';
import { useState } from 'react';
import { AppDialog } from '../feedback/AppDialog';
import { Icon, MENU_ICON_NAMES } from '../Icon';
import { searchIcons } from './icon-search';

export interface IconSelectDialogProps {
  open: boolean;
  onClose: () => void;
  value?: string;
  onSelect: (name: string) => void;
  names?: string[];
}

export function IconSelectDialog({ open, onClose, value, onSelect, names = MENU_ICON_NAMES }: IconSelectDialogProps) {
  const [text, setText] = useState('');
  const shown = searchIcons(names, text);
  return (
    <AppDialog open={open} title="选择图标" width="980px" placement="center" scroll="inside" testId="icon-select-dialog" onClose={onClose} footer={null} closeOnBackdrop>
      <InputGroup startElement={<Icon name="search" />} mb="3">
        <Input size="sm" placeholder="请输入图标名称" value={text} onChange={(e) => setText(e.target.value)} aria-label="图标名称" />
      </InputGroup>
      {shown.length === 0 ? (
        <Text textAlign="center" color="fg.muted" py="6">
          暂无数据
        </Text>
      ) : (
        <SimpleGrid columns={{ base: 3, md: 5 }} gap="2" maxH="400px" overflowY="auto">
          {shown.map((name) => (
            <chakra.button
              key={name}
              type="button"
              display="flex"
              alignItems="center"
              gap="2"
              px="3"
              h="9"
              borderRadius="sm"
              fontSize="sm"
              borderWidth="1px"
              borderColor={name === value ? 'brand.solid' : 'transparent'}
              bg={name === value ? 'brand.subtle' : undefined}
              _hover={{ bg: 'gray.100' }}
              onClick={() => {
                onSelect(name);
                onClose();
                setText('');
              }}
              data-testid={`icon-${name}`}
            >
              <Icon menu={name} fontSize="18px" />
              <Text as="span" truncate>
                {name}
              </Text>
            </chakra.button>
          ))}
        </SimpleGrid>
      )}
    </AppDialog>
  );
}

export interface IconSelectProps {
  value?: string;
  onChange: (name: string) => void;
  placeholder?: string;
  disabled?: boolean;
  w?: string;
}

export function IconSelect({ value, onChange, placeholder = '点击选择图标', disabled = false, w = '100%' }: IconSelectProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <chakra.button
        type="button"
        display="flex"
        w={w}
        h="9"
        px="3"
        gap="2"
        alignItems="center"
        borderWidth="1px"
        borderRadius="l2"
        fontSize="sm"
        bg={disabled ? 'bg.muted' : 'bg'}
        cursor={disabled ? 'not-allowed' : 'pointer'}
        aria-label="菜单图标"
        onClick={() => !disabled && setOpen(true)}
        data-testid="icon-select"
      >
        {value ? <Icon menu={value} /> : <Icon name="search" color="fg.muted" />}
        <Text flex="1" textAlign="left" color={value ? undefined : 'fg.subtle'} truncate>
          {value || placeholder}
        </Text>
        {value && !disabled && (
          <Box
            as="span"
            role="button"
            aria-label="清空图标"
            color="fg.muted"
            display="inline-flex"
            onClick={(e) => {
              e.stopPropagation();
              onChange('');
            }}
          >
            <Icon name="close" />
          </Box>
        )}
      </chakra.button>
      <IconSelectDialog open={open} onClose={() => setOpen(false)} value={value} onSelect={onChange} />
    </>
  );
}
