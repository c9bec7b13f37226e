/**
 * Contracts between the parts of the form designer (workflow spec §2 "Form designer", §3
 * "Designer component", "Form configuration", "Form builder local state", §4 "Form designer";
 * reference §7). The stored JSON is the form-generator format the renderer reads
 * (client/src/components/form-render types: FormConf = form configuration + `fields`).
 *
 * Parts and owners of this folder:
 * - state (reducer, undo/redo history, localStorage) + catalogue + palette + canvas + toolbar 清空/保存:
 *   `state/`, `catalogue.ts`, `canvas/`, `FormDesigner.tsx`; the route is
 *   client/src/routes/tool/build/index.tsx.
 * - right panel (组件属性 / 表单属性): `panel/RightPanel.tsx` with `RightPanelProps` below.
 * - code generation, JSON drawer, run drawer, code editor: `codegen/`, with `CodeActionsProps`.
 */
import type { FormConf, FormField } from '../../components/form-render';

/** The form configuration without its fields (spec §3 "Form configuration"). */
export type FormConfMeta = Omit<FormConf, 'fields'>;

/** What the designer edits (spec §3 "Form builder local state"). */
export interface DesignerState {
  /** The canvas, top level; row containers and detail tables hold theirs in `__config__.children`. */
  drawingList: FormField[];
  formConf: FormConfMeta;
  /** `__config__.formId` of the selected component, or null. */
  activeId: number | null;
  /** Next component id (starts at 100, spec §4; back to 100 on clear and after save). */
  idGlobal: number;
  /** Next static-tree node id of the cascader tree editor (starts at 100). */
  treeNodeId: number;
}

/** Props of `panel/RightPanel.tsx` (spec §2: tabs 组件属性 and 表单属性). */
export interface RightPanelProps {
  /** The selected component (a deep copy; null when nothing is selected). */
  activeItem: FormField | null;
  formConf: FormConfMeta;
  /** Every component of the canvas (for the visibility-rule field choices). */
  drawingList: FormField[];
  /** Replaces the selected component (one undo step; the designer coalesces typing). */
  onItemChange: (next: FormField) => void;
  onFormConfChange: (next: FormConfMeta) => void;
  /** Hands out the next static-tree node id (state.treeNodeId++). */
  nextTreeNodeId: () => number;
}

/** Props of `codegen/CodeActions.tsx`: the toolbar buttons 运行 / 查看json / 导出vue文件→下载 / 复制代码. */
export interface CodeActionsProps {
  /** The whole form as it would be stored. */
  conf: FormConf;
  /** The JSON drawer's 刷新 with valid JSON: replaces the designer's drawing list and form configuration. */
  onJsonRefresh: (conf: FormConf) => void;
}
