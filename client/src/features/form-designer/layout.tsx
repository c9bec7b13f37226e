/**
 * The form designer on smaller screens (issue 40 §7): the three columns (palette 260 px, canvas,
 * panel 350 px) need a desktop. From PANEL_INLINE_MIN_WIDTH px up the panel sits beside the
 * canvas as before; on a tablet (640 px up to that width, e.g. 768–1024 px) the palette narrows
 * to 200 px and the panel folds away behind a strip at the right edge (展开属性面板 / 收起属性面板)
 * that opens it over the canvas's right side, so canvas and panel both stay reachable. On a phone
 * (below 640 px) the designer is not drawn and NarrowScreenNotice says it needs a wider screen.
 *
 * Test ids: `designer-narrow-screen` (the notice), `designer-panel-toggle` (the strip),
 * `designer-right` (the panel column).
 */
import { useState, type ReactNode } from 'react';
import { FoldingPanel, NarrowScreenNotice as FrameNotice, PHONE_MAX_WIDTH } from '../../components/DesignerFrame';
import { useMediaQuery } from '../../hooks/useMediaQuery';
/** Narrowest viewport (px) where the panel sits beside the canvas. */
export const PANEL_INLINE_MIN_WIDTH = 1200;
/** The notice shown instead of the designer on a phone. */
export const NARROW_SCREEN_TEXT = '表单设计器需要更宽的屏幕，请在电脑或平板上打开';

/** `{ phone, inline }`: the viewport is a phone's; the panel fits beside the canvas. */
export function useDesignerScreen() {
  const phone = useMediaQuery(`(max-width: ${PHONE_MAX_WIDTH}px)`);
  const inline = useMediaQuery(`(min-width: ${PANEL_INLINE_MIN_WIDTH}px)`);
  return { phone, inline };
}

/** The full-height notice shown on a phone instead of the designer. `height`: CSS height of the area. */
export function NarrowScreenNotice({ height }: { height: string }) {
  return <FrameNotice height={height} text={NARROW_SCREEN_TEXT} detail="表单设计需要至少 640 像素宽的屏幕；平板可横屏使用。" />;
}

/**
 * The right panel's column (components/DesignerFrame.tsx FoldingPanel): beside the canvas when
 * `inline`, else folded behind a 属性 strip at the designer's right edge and opened over the
 * canvas (the designer's frame must be `position: relative`). `children`: the panel (RightPanel).
 */
export function PanelSlot({ inline, children }: { inline: boolean; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <FoldingPanel inline={inline} open={open} onToggle={() => setOpen((o) => !o)} width="350px" stripLabel="属性" panelTestId="designer-right">
      {children}
    </FoldingPanel>
  );
}
