/**
 * 表单构建 / 表单设计 — the form designer screen (workflow spec §2 "Form designer", §3 "Form builder
 * local state", §4 "Form designer", §5 "Form designer", §9; reference §7). Three columns in a
 * frame of the viewport minus 94.5 px: the palette (260 px), the toolbar and canvas, the right
 * panel (350 px, panel/RightPanel). On a tablet the palette is 200 px and the panel folds behind
 * a strip at the right edge; on a phone a notice replaces the designer (layout.tsx, issue 40 §7).
 *
 * - Without `formId` the designer starts from the local draft of a new form (DraftNotice says when
 *   one was restored and that 保存 makes a new form); with it the stored form is loaded through
 *   `flowable.form.get` (bad JSON → 'JSON格式错误，请检查', the canvas stays empty), its edits are
 *   not written to the local draft, and DraftNotice says 保存 updates it (issue 40 §9).
 * - 保存 first checks the design (state/check.ts: at least one component, labels, unique field
 *   names), then opens the save dialog; after a save the canvas is emptied, the id counter is back
 *   at 100, and the page closes to the workflow form list (/flowable/form?t=<now>).
 * - 保存 needs `flowable:form:add` (new form) or `flowable:form:edit` (`formId`).
 * Props: `formId?: number`. Test id: `form-designer`.
 */
import { Box, Flex, Spinner } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { confirm } from '../../lib/modal/confirm';
import { msgError } from '../../lib/modal/toaster';
import { usePermi } from '../../components/Permission';
import { closeOpenPage } from '../../lib/close-page';
import { useTRPC } from '../../lib/trpc';
import { parseFormContent, type FormConf } from '../../components/form-render';
import { CanvasContext } from './canvas/canvas-context';
import { RootArea } from './canvas/ContainerAreas';
import { CanvasItem } from './canvas/CanvasItem';
import { DesignerDnd } from './canvas/DesignerDnd';
import { CodeActions } from './codegen/CodeActions';
import { DesignerToolbar } from './DesignerToolbar';
import { DraftNotice } from './DraftNotice';
import { NarrowScreenNotice, PanelSlot, useDesignerScreen } from './layout';
import { Palette } from './palette/Palette';
import { RightPanel } from './panel/RightPanel';
import { PreviewDialog } from './PreviewDialog';
import { SaveFormDialog } from './SaveFormDialog';
import { checkDesign } from './state/check';
import { fromFormConf, initialState, toFormConf } from './state/reducer';
import { useDesigner } from './state/useDesigner';

/** Height of the designer frame (spec §9). */
export const DESIGNER_HEIGHT = 'calc(100vh - 94.5px)';

/** The designer screen (see the file comment); `formId` opens a stored form. */
export function FormDesigner({ formId }: { formId?: number }) {
  const { phone, inline } = useDesignerScreen();
  if (phone) return <NarrowScreenNotice height={DESIGNER_HEIGHT} />;
  return <DesignerBody formId={formId} inline={inline} />;
}

/** The designer itself; `inline`: the panel fits beside the canvas (else it folds, layout.tsx). */
function DesignerBody({ formId, inline }: { formId?: number; inline: boolean }) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { hasPermi } = usePermi();
  const { state, dispatch, undo, redo, canUndo, canRedo, activeItem, nextTreeNodeId, restored } = useDesigner(formId !== undefined);
  const [noticeClosed, setNoticeClosed] = useState(false);
  const [preview, setPreview] = useState(false);
  const [saving, setSaving] = useState(false);
  const [meta, setMeta] = useState({ formName: '', remark: '' });

  const stored = useQuery({ ...trpc.flowable.form.get.queryOptions({ formId: formId ?? 0 }), enabled: formId !== undefined, gcTime: 0 });
  useEffect(() => {
    const row = stored.data;
    if (!row) return;
    setMeta({ formName: row.formName ?? '', remark: row.remark ?? '' });
    if (!row.formContent) return;
    try {
      const conf = parseFormContent(row.formContent);
      dispatch({ type: 'reset', state: { ...initialState({ treeNodeId: state.treeNodeId }), ...fromFormConf(conf), activeId: null } });
    } catch (e) {
      msgError((e as Error).message);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stored.data]);

  const conf: FormConf = useMemo(() => toFormConf(state), [state]);
  const shared = useMemo(() => ({ dispatch, activeId: state.activeId, formConf: state.formConf, Item: CanvasItem }), [dispatch, state.activeId, state.formConf]);
  const canSave = hasPermi([formId === undefined ? 'flowable:form:add' : 'flowable:form:edit']);

  const openSave = () => {
    const problem = checkDesign(state.drawingList);
    if (problem) {
      msgError(problem);
      return;
    }
    setSaving(true);
  };

  const onSaved = () => {
    setSaving(false);
    dispatch({ type: 'reset', state: initialState({ formConf: state.formConf, treeNodeId: state.treeNodeId }) });
    closeOpenPage(pathname, `/flowable/form?t=${Date.now()}`, navigate);
  };

  return (
    <Flex data-testid="form-designer" h={DESIGNER_HEIGHT} minH="480px" bg="bg" overflow="hidden" position="relative">
      <DesignerDnd list={state.drawingList} dispatch={dispatch}>
        <Box w={inline ? '260px' : '200px'} flexShrink={0} borderRight="1px solid" borderColor="border" data-testid="designer-left">
          <Palette onAdd={(template) => dispatch({ type: 'add', template })} />
        </Box>
        <Flex direction="column" flex="1" minW="0" pr={inline ? undefined : '22px'}>
          <DesignerToolbar
            canUndo={canUndo}
            canRedo={canRedo}
            onUndo={undo}
            onRedo={redo}
            onPreview={() => setPreview(true)}
            onClear={async () => {
              if (await confirm({ title: '提示', message: '确定要清空所有组件吗？', type: 'warning' })) dispatch({ type: 'clear' });
            }}
            onSave={canSave ? openSave : undefined}
            codeActions={<CodeActions conf={conf} onJsonRefresh={(next) => dispatch({ type: 'load', conf: next })} />}
          />
          <DraftNotice
            formName={formId === undefined ? undefined : meta.formName}
            restored={restored && !noticeClosed && state.drawingList.length > 0}
            onDiscard={() => dispatch({ type: 'clear' })}
            onClose={() => setNoticeClosed(true)}
          />
          <Box flex="1" overflowY="auto" position="relative" data-testid="designer-canvas">
            {stored.isFetching ? (
              <Flex justify="center" pt="24">
                <Spinner color="brand.500" />
              </Flex>
            ) : (
              <CanvasContext.Provider value={shared}>
                <RootArea list={state.drawingList} />
              </CanvasContext.Provider>
            )}
          </Box>
        </Flex>
      </DesignerDnd>
      <PanelSlot inline={inline}>
        <RightPanel
          activeItem={activeItem}
          formConf={state.formConf}
          drawingList={state.drawingList}
          onItemChange={(item) => dispatch({ type: 'replace', item })}
          onFormConfChange={(formConf) => dispatch({ type: 'setFormConf', formConf })}
          nextTreeNodeId={nextTreeNodeId}
        />
      </PanelSlot>
      {preview && <PreviewDialog conf={conf} onClose={() => setPreview(false)} />}
      {saving && <SaveFormDialog formId={formId} initial={meta} conf={conf} onClose={() => setSaving(false)} onSaved={onSaved} />}
    </Flex>
  );
}
