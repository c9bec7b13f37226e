/**
 * Toolbar of the process model designer (workflow spec §2 "Process model designer": load XML
 * file, new, fit to screen, zoom in, zoom out, undo, redo, view XML, download XML, download SVG,
 * save model) and 流程模拟 (issue 16). Chakra buttons with Chinese tooltips; the zoom percentage sits between 缩小/放大.
 */
import { Box, Button, Flex, Group, IconButton, Portal, Separator, Text, Tooltip } from '@chakra-ui/react';
import { useRef, type ReactElement } from 'react';
import { Icon, type UiIconName } from '../../components/Icon';
import { zoomLabel } from './modeler/designer-rules';

export interface DesignerToolbarProps {
  zoom: number;
  canUndo: boolean;
  canRedo: boolean;
  saving: boolean;
  /** True until the modeler has drawn a diagram. */
  busy: boolean;
  onOpenFile(file: File): void;
  onNew(): void;
  onFit(): void;
  onZoom(direction: 1 | -1): void;
  onUndo(): void;
  onRedo(): void;
  onViewXml(): void;
  onDownloadXml(): void;
  onDownloadSvg(): void;
  /** 流程模拟 (issue 16): opens the dry-run dialog. */
  onSimulate(): void;
  onSave(): void;
}

function Tip({ label, children }: { label: string; children: ReactElement }) {
  return (
    <Tooltip.Root openDelay={300} closeDelay={0} positioning={{ placement: 'bottom' }}>
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content>{label}</Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}

interface ToolProps { icon: UiIconName; label: string; tip: string; testId: string; onClick(): void; disabled?: boolean; iconOnly?: boolean }

function Tool({ icon, label, tip, testId, onClick, disabled, iconOnly }: ToolProps) {
  const common = { size: 'xs' as const, variant: 'outline' as const, onClick, disabled, 'data-testid': testId, color: '#606266', bg: 'white',
    _hover: { color: 'brand.solid', borderColor: 'brand.emphasized', bg: 'brand.subtle' } };
  return (
    <Tip label={tip}>
      {iconOnly ? (
        <IconButton aria-label={label} {...common}><Icon name={icon} /></IconButton>
      ) : (
        <Button {...common}><Icon name={icon} />{label}</Button>
      )}
    </Tip>
  );
}

/** The designer's button row. */
export function DesignerToolbar(p: DesignerToolbarProps) {
  const file = useRef<HTMLInputElement>(null);
  return (
    <Flex align="center" gap="3" px="3" py="2" borderBottomWidth="1px" borderColor="#e6ebf5" bg="#fafbfc" wrap="wrap" data-testid="designer-toolbar">
      <input ref={file} type="file" accept=".bpmn,.xml" hidden data-testid="designer-file-input"
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (f) p.onOpenFile(f);
        }} />
      <Group attached>
        <Tool icon="open" label="打开文件" tip="打开 .bpmn / .xml 文件" testId="designer-open" onClick={() => file.current?.click()} />
        <Tool icon="new" label="新建" tip="新建空白流程图" testId="designer-new" onClick={p.onNew} />
      </Group>
      <Group attached>
        <Tool icon="fit" label="自适应" tip="自适应屏幕" testId="designer-fit" onClick={p.onFit} disabled={p.busy} />
        <Tool icon="zoom-out" label="缩小" tip="缩小视图" testId="designer-zoom-out" onClick={() => p.onZoom(-1)} disabled={p.busy || p.zoom <= 0.2 + 1e-9} iconOnly />
        <Box as="span" minW="52px" h="6" px="1" display="inline-flex" alignItems="center" justifyContent="center" borderYWidth="1px"
          borderColor="border" bg="white" fontSize="xs" color="#606266" data-testid="designer-zoom">
          {zoomLabel(p.zoom)}
        </Box>
        <Tool icon="zoom-in" label="放大" tip="放大视图" testId="designer-zoom-in" onClick={() => p.onZoom(1)} disabled={p.busy || p.zoom >= 4 - 1e-9} iconOnly />
      </Group>
      <Group attached>
        <Tool icon="undo" label="撤销" tip="撤销 (Ctrl+Z)" testId="designer-undo" onClick={p.onUndo} disabled={!p.canUndo} />
        <Tool icon="redo" label="恢复" tip="恢复 (Ctrl+Y)" testId="designer-redo" onClick={p.onRedo} disabled={!p.canRedo} />
      </Group>
      <Group attached>
        <Tool icon="code" label="查看XML" tip="查看流程 XML" testId="designer-xml" onClick={p.onViewXml} disabled={p.busy} />
        <Tool icon="download" label="下载XML" tip="下载为 .bpmn 文件" testId="designer-download-xml" onClick={p.onDownloadXml} disabled={p.busy} />
        <Tool icon="image" label="下载SVG" tip="下载为 .svg 图片" testId="designer-download-svg" onClick={p.onDownloadSvg} disabled={p.busy} />
      </Group>
      <Tool icon="play" label="流程模拟" tip="用示例变量试运行当前模型，不部署" testId="designer-simulate" onClick={p.onSimulate} disabled={p.busy} />
      <Separator orientation="vertical" h="5" display={{ base: 'none', md: 'block' }} ml="auto" />
      <Text fontSize="xs" color="fg.muted" display={{ base: 'none', xl: 'block' }}>保存后将部署为新版本</Text>
      <Tip label="保存并部署流程模型">
        <Button size="xs" colorPalette="brand" onClick={p.onSave} loading={p.saving} loadingText="保存中" disabled={p.busy} data-testid="designer-save">
          <Icon name="save" />保存模型
        </Button>
      </Tip>
    </Flex>
  );
}
