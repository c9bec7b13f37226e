/**
 * Settings drawer (platform spec §2 "Settings panel"): 主题风格设置 (dark/light sidebar),
 * 主题颜色 (preset colours), 系统布局配置 switches, 保存配置 / 重置配置.
 */
import { Box, Button, CloseButton, Drawer, Flex, Heading, Portal, Separator, Switch, Text } from '@chakra-ui/react';
import { openLoading } from '../../lib/modal/loading-mask';
import { PRESET_THEME_COLORS, type LayoutSettings } from '../../lib/layout-settings';
import { setSidebarHide, setTopMenu } from '../../lib/stores/app-store';
import {
  applyDocumentTitle,
  changeSetting,
  persistSettings,
  resetSettings,
  setSettingsPanel,
  useSettings,
} from '../../lib/stores/settings-store';

type BoolKey = 'topNav' | 'tagsView' | 'fixedHeader' | 'sidebarLogo' | 'dynamicTitle';

const SWITCHES: { key: BoolKey; label: string }[] = [
  { key: 'topNav', label: '开启 TopNav' },
  { key: 'tagsView', label: '开启 Tags-Views' },
  { key: 'fixedHeader', label: '固定 Header' },
  { key: 'sidebarLogo', label: '显示 Logo' },
  { key: 'dynamicTitle', label: '动态标题' },
];

function ThemeThumb({ value, label, active }: { value: LayoutSettings['sideTheme']; label: string; active: boolean }) {
  const dark = value === 'theme-dark';
  return (
    <Box
      as="button"
      title={label}
      aria-label={label}
      position="relative"
      w="52px"
      h="44px"
      borderRadius="sm"
      overflow="hidden"
      boxShadow="0 1px 2.5px 0 rgba(0,0,0,.18)"
      bg="#f0f2f5"
      onClick={() => changeSetting('sideTheme', value)}
      data-testid={`side-${value}`}
    >
      <Box position="absolute" left="0" top="0" bottom="0" w="30%" bg={dark ? '#304156' : 'white'} />
      <Box position="absolute" left="30%" right="0" top="0" h="25%" bg="white" />
      {active && (
        <Box position="absolute" right="6px" bottom="4px" color="brand.solid" fontWeight="bold" fontSize="14px">
          ✓
        </Box>
      )}
    </Box>
  );
}

function onSwitch(key: BoolKey, value: boolean) {
  changeSetting(key, value);
  if (key === 'topNav' && !value) {
    setTopMenu(null);
    setSidebarHide(false);
  }
  if (key === 'dynamicTitle') applyDocumentTitle();
}

export function Settings() {
  const settings = useSettings();
  const save = () => {
    const close = openLoading('正在保存到本地，请稍候...');
    persistSettings();
    setTimeout(close, 300);
    setSettingsPanel(false);
  };
  const reset = () => {
    openLoading('正在清除设置缓存并刷新，请稍候...');
    resetSettings();
    setTimeout(() => window.location.reload(), 300);
  };
  return (
    <Drawer.Root open={settings.panelOpen} onOpenChange={(e) => setSettingsPanel(e.open)} placement="end" size="xs">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="settings-drawer" maxW="280px">
            <Drawer.Header>
              <Drawer.Title fontSize="md">布局设置</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body fontSize="14px">
              <Heading size="sm" mb="3" color="rgba(0,0,0,.85)">
                主题风格设置
              </Heading>
              <Flex gap="4" mb="5">
                <ThemeThumb value="theme-dark" label="暗色主题" active={settings.sideTheme === 'theme-dark'} />
                <ThemeThumb value="theme-light" label="亮色主题" active={settings.sideTheme === 'theme-light'} />
              </Flex>
              <Flex align="center" justify="space-between" mb="3">
                <Text>主题颜色</Text>
              </Flex>
              <Flex gap="2" wrap="wrap" mb="4" data-testid="theme-colors">
                {PRESET_THEME_COLORS.map((c) => (
                  <Box
                    key={c}
                    as="button"
                    title={c}
                    aria-label={c}
                    w="22px"
                    h="22px"
                    borderRadius="sm"
                    bg={c}
                    outline={settings.theme.toLowerCase() === c.toLowerCase() ? '2px solid' : undefined}
                    outlineColor="gray.700"
                    outlineOffset="2px"
                    onClick={() => changeSetting('theme', c)}
                  />
                ))}
              </Flex>
              <Separator my="4" />
              <Heading size="sm" mb="3" color="rgba(0,0,0,.85)">
                系统布局配置
              </Heading>
              {SWITCHES.map(({ key, label }) => (
                <Flex key={key} align="center" justify="space-between" py="2">
                  <Text>{label}</Text>
                  <Switch.Root size="sm" checked={settings[key]} onCheckedChange={(d) => onSwitch(key, d.checked)}>
                    <Switch.HiddenInput />
                    <Switch.Control />
                  </Switch.Root>
                </Flex>
              ))}
              <Separator my="4" />
              <Flex gap="2">
                <Button size="sm" colorPalette="brand" onClick={save}>
                  保存配置
                </Button>
                <Button size="sm" variant="outline" onClick={reset}>
                  重置配置
                </Button>
              </Flex>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="关闭" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
