/**
 * The designer on small screens (issue 40 item 7): bpmn-js needs room for its canvas, palette and
 * the 400 px property panel. Below 640 px (a phone) the designer is not drawn at all — bpmn-js
 * failed there with `Failed to execute 'scale' on 'SVGMatrix'` — and this notice says so in
 * Chinese; from 640 px up (tablets 768–1024 px) the designer draws with a collapsible panel
 * (PanelSlot.tsx).
 */
import { NarrowScreenNotice as FrameNotice, PHONE_MAX_WIDTH } from '../../components/DesignerFrame';
import { useMediaQuery } from '../../hooks/useMediaQuery';

/** The notice shown instead of the designer on a phone. */
export const NARROW_SCREEN_TEXT = '流程设计器需要更宽的屏幕，请在电脑或平板上打开';

/** True on a phone-sized viewport (≤ PHONE_MAX_WIDTH px). */
export const useNarrowScreen = () => useMediaQuery(`(max-width: ${PHONE_MAX_WIDTH}px)`);

/** The full-height notice the designer route shows on a phone. `height`: CSS height of the area. */
export function NarrowScreenNotice({ height }: { height: string }) {
  return (
    <FrameNotice height={height} text={NARROW_SCREEN_TEXT} detail="流程图的画布、工具栏和属性面板需要至少 640 像素宽的屏幕。"
      back={{ href: '#/flowable/definition', label: '返回流程定义' }} />
  );
}
