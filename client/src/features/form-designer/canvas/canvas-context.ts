/**
 * What the canvas pieces share: the designer's dispatch, the selection, the form configuration
 * and, during a drag, the drop indicator (a line before/after a component, or a highlighted
 * container area). Kept in two contexts so a moving indicator re-renders only the indicators.
 */
import { createContext, useContext, type ComponentType } from 'react';
import type { FormField } from '../../../components/form-render';
import type { DesignerAction } from '../state/reducer';
import type { FormConfMeta } from '../types';
import type { ContainerId } from '../state/tree';

/** What CanvasContext holds. */
export interface CanvasShared {
  dispatch: (action: DesignerAction) => void;
  activeId: number | null;
  formConf: FormConfMeta;
  /** The component that draws one canvas item (CanvasItem), handed down so containers can nest items without an import cycle. */
  Item: ComponentType<CanvasItemProps>;
}

/** Where a canvas component sits and how it is laid out. */
export interface CanvasItemProps {
  field: FormField;
  parentId: ContainerId;
  index: number;
  /** formIds of the containers around it. */
  ancestors: number[];
  /** A detail-table column (laid out side by side). */
  column?: boolean;
}

/** The drop indicator: over a component (before / after it) or over a container's area. */
export type Indicator = { kind: 'slot'; formId: number; after: boolean } | { kind: 'zone'; containerId: ContainerId } | null;

/** Dispatch, selection and form configuration for the canvas pieces. */
export const CanvasContext = createContext<CanvasShared | null>(null);
/** The drop indicator during a drag. */
export const IndicatorContext = createContext<Indicator>(null);

/** The shared canvas values; throws outside the designer's canvas. */
export function useCanvas(): CanvasShared {
  const v = useContext(CanvasContext);
  if (!v) throw new Error('useCanvas outside the form designer canvas');
  return v;
}

/** The current drop indicator (null when not dragging or the drop would be refused). */
export const useIndicator = () => useContext(IndicatorContext);
