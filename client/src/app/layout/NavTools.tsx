/**
 * Navbar tools: fullscreen toggle (warning 你的浏览器不支持全屏 when unsupported) and the size
 * select 默认/中等/小型/迷你 (stored in cookie size, applied to Chakra sizes).
 */
import { Menu, Portal } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { msgSuccess, msgWarning } from '../../lib/modal/toaster';
import { SIZE_LEVELS, type SizeLevel } from '../../lib/layout-settings';
import { setSize, useApp } from '../../lib/stores/app-store';
import { NavIconButton } from './NavIconButton';

/** Toggles browser fullscreen. */
export function ScreenfullButton() {
  const [full, setFull] = useState(!!document.fullscreenElement);
  useEffect(() => {
    const onChange = () => setFull(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const toggle = () => {
    if (!document.fullscreenEnabled) {
      msgWarning('你的浏览器不支持全屏');
      return;
    }
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen().catch(() => msgWarning('你的浏览器不支持全屏'));
  };
  return <NavIconButton label={full ? '退出全屏' : '全屏'} icon={full ? 'exit-fullscreen' : 'fullscreen'} onClick={toggle} data-testid="screenfull" />;
}

export const SIZE_LABELS: Record<SizeLevel, string> = { default: '默认', medium: '中等', small: '小型', mini: '迷你' };

/** The component size dropdown. */
export function SizeSelect() {
  const { size } = useApp();
  return (
    <Menu.Root
      onSelect={(d) => {
        const next = d.value as SizeLevel;
        if (next === size) return;
        setSize(next);
        msgSuccess('布局大小已切换');
      }}
    >
      <Menu.Trigger asChild>
        <NavIconButton label="布局大小" icon="size" data-testid="size-select" />
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="100px">
            {SIZE_LEVELS.map((s) => (
              <Menu.Item key={s} value={s} disabled={s === size} color={s === size ? 'brand.solid' : undefined}>
                {SIZE_LABELS[s]}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
