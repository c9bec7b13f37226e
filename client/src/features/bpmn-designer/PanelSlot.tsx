/**
 * The designer's right-hand panel slot (workflow spec §2: "A right-hand panel, 400 px wide, edits
 * the selected node"). Renders helper B2's `panel/PropertiesPanel` (contract:
 * `PropertiesPanel(props: { modeler: Modeler | null }): JSX.Element`, it follows the modeler's
 * selection itself and draws its own 400 px column).
 *
 * Collapsible (issue 40 item 7; components/DesignerFrame.tsx FoldingPanel): from
 * PANEL_INLINE_MIN_WIDTH px up the panel opens beside the canvas; on a tablet (narrower) it starts
 * collapsed behind a 属性面板 strip (the strip folds it on a desktop too) and opens over the canvas's right side, so the canvas keeps its
 * size. The designer opens it when 保存模型 selects a faulty element (`PANEL_REVEAL_EVENT` on the
 * modeler's event bus, modeler/mark-invalid.ts).
 */
import { useEffect, useState } from 'react';
import { FoldingPanel } from '../../components/DesignerFrame';
import { useMediaQuery } from '../../hooks/useMediaQuery';
import type { DesignerModeler } from './modeler/create-modeler';
import { PANEL_REVEAL_EVENT } from './modeler/mark-invalid';
import { PropertiesPanel } from './panel/PropertiesPanel';

/** Narrowest viewport (px) where the panel opens beside the canvas by default. */
export const PANEL_INLINE_MIN_WIDTH = 1100;

/** The property panel column of the designer, with its collapse strip. */
export function PanelSlot({ modeler }: { modeler: DesignerModeler | null }) {
  const inline = useMediaQuery(`(min-width: ${PANEL_INLINE_MIN_WIDTH}px)`);
  const [open, setOpen] = useState(inline);
  useEffect(() => setOpen(inline), [inline]);
  useEffect(() => {
    if (!modeler) return;
    const reveal = () => setOpen(true);
    modeler.on(PANEL_REVEAL_EVENT, reveal);
    return () => modeler.off(PANEL_REVEAL_EVENT, reveal);
  }, [modeler]);
  return (
    <FoldingPanel inline={inline} open={open} onToggle={() => setOpen((o) => !o)} width="400px" stripLabel="属性面板"
      panelTestId="designer-panel" foldsInline framed={false}>
      <PropertiesPanel modeler={modeler} />
    </FoldingPanel>
  );
}
