/**
 * The process model designer (workflow spec §2 "Process model designer", §3 "Process model save
 * payload", §9 zoom / 400 px panel): toolbar on top, bpmn-js canvas on the left, the property
 * panel (panel/PropertiesPanel, helper B2's) 400 px on the right, and the 查看XML drawer.
 *
 * Props: `xml` (the model to draw; null draws the new-diagram template), `loading` (the model is
 * still being read), `saving`, `onSave(payload)` with `{name, category (empty → null), xml}`,
 * `notice` (shown over the top of the canvas, e.g. the engine's refusal). 保存模型 first passes
 * the spec §5 save rules (save-gate.ts): names and ids required, a confirm for unassigned user tasks;
 * then the engine's validator (`flowable.definition.validate`, issue 13 C): every problem is
 * marked on the canvas with its reason, the first selected, and nothing is sent to save. When the
 * validator cannot be reached the save goes on (the deploy still refuses with its message).
 * 流程模拟 (issue 16) opens SimulateDialog on a fresh run; its answer is marked on the canvas
 * (modeler/simulate-marks.ts, the model's problems as the save marks them) until 清除模拟, the next
 * 流程模拟, an edit or another model.
 */
import { Box, Center, Flex, Spinner, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTRPC } from '../../lib/trpc';
import { msgError, msgWarning } from '../../lib/modal/toaster';
import { saveBlob } from '../../lib/download';
import { DesignerToolbar } from './DesignerToolbar';
import { currentProcessInfo, errorText } from './modeler/create-modeler';
import { downloadName, isModelFile, savePayload } from './modeler/designer-rules';
import { clearInvalidMarks, markProblems, problemsText } from './modeler/mark-invalid';
import { newDiagramXml } from './modeler/new-diagram';
import { PanelSlot } from './PanelSlot';
import { SimulateBar, SimulateDialog } from './SimulateDialog';
import { applySimulationMarks, clearSimulationMarks } from './modeler/simulate-marks';
import { simulationMarks, type SimResult } from './simulate-view';
import { passSaveGate } from './save-gate';
import { useDesigner } from './useDesigner';
import { XmlDrawer } from './XmlDrawer';
import './designer.css';

export interface SavePayload { name: string; category: string | null; xml: string }

export interface ProcessDesignerProps {
  xml: string | null;
  loading: boolean;
  saving: boolean;
  /** Height of the whole designer (toolbar + canvas). */
  height: string;
  onSave(payload: SavePayload): void;
  notice?: ReactNode;
}

/** Toolbar, canvas and panel of the designer. */
export function ProcessDesigner({ xml, loading, saving, height, onSave, notice }: ProcessDesignerProps) {
  const container = useRef<HTMLDivElement>(null);
  const designer = useDesigner(container);
  const { modeler, importXml } = designer;
  const [drawn, setDrawn] = useState(false);
  const [xmlView, setXmlView] = useState<string | null>(null);
  const trpc = useTRPC();
  const validate = useMutation({ ...trpc.flowable.definition.validate.mutationOptions(), meta: { silent: true } });
  const [simOpen, setSimOpen] = useState(false);
  const [simResult, setSimResult] = useState<SimResult | null>(null);

  const draw = async (source: string, failure: string) => {
    const error = await importXml(source);
    if (error) msgError(`${failure}: ${error}`);
    else setDrawn(true);
    return !error;
  };

  useEffect(() => {
    if (!modeler || loading) return;
    void (async () => {
      const error = await importXml(xml ?? newDiagramXml());
      if (error) msgError(`流程图加载失败: ${error}`);
      setDrawn(!error);
    })();
  }, [modeler, importXml, xml, loading]);

  useEffect(() => {
    if (!modeler) return;
    const clear = () => clearInvalidMarks(modeler);
    modeler.on('commandStack.changed', clear);
    return () => modeler.off('commandStack.changed', clear);
  }, [modeler]);

  useEffect(() => {
    if (!modeler) return;
    const drop = () => setSimResult(null);
    modeler.on('commandStack.changed', drop);
    modeler.on('import.done', drop);
    return () => { modeler.off('commandStack.changed', drop); modeler.off('import.done', drop); };
  }, [modeler]);

  useEffect(() => {
    if (!modeler) return;
    if (!simResult?.problems?.length) {
      // applySimulationMarks clears the previous marks itself
      if (simResult) applySimulationMarks(modeler, simulationMarks(simResult));
      else clearSimulationMarks(modeler);
      return;
    }
    clearSimulationMarks(modeler);
    markProblems(modeler, simResult.problems);
    return () => clearInvalidMarks(modeler);
  }, [modeler, simResult]);

  const exportXml = async () => {
    try {
      return await designer.saveXml();
    } catch (e) {
      msgError(`导出XML失败: ${errorText(e)}`);
      return null;
    }
  };
  const info = () => (modeler ? currentProcessInfo(modeler) : null);

  const downloadXml = async () => {
    const text = await exportXml();
    if (text != null) saveBlob(new Blob([text], { type: 'application/xml;charset=utf-8' }), downloadName(info(), 'bpmn'));
  };
  const downloadSvg = async () => {
    try {
      const svg = await designer.saveSvg();
      saveBlob(new Blob([svg], { type: 'image/svg+xml;charset=utf-8' }), downloadName(info(), 'svg'));
    } catch (e) {
      msgError(`导出SVG失败: ${errorText(e)}`);
    }
  };
  const viewXml = async () => {
    const text = await exportXml();
    if (text != null) setXmlView(text);
  };
  const openFile = async (file: File) => {
    if (!isModelFile(file.name)) {
      msgWarning('请选择 .bpmn 或 .xml 格式的流程文件');
      return;
    }
    await draw(await file.text(), '文件打开失败');
  };
  const save = async () => {
    const process = info();
    if (!process) {
      msgError('流程图中没有流程 (bpmn:Process)，无法保存');
      return;
    }
    if (!modeler || !(await passSaveGate(modeler))) return;
    const text = await exportXml();
    if (text == null) return;
    let problems: Awaited<ReturnType<typeof validate.mutateAsync>> = [];
    try {
      problems = await validate.mutateAsync({ xml: text });
    } catch {
      problems = [];
    }
    if (problems.length) {
      markProblems(modeler, problems);
      msgError(problemsText(problems));
      return;
    }
    onSave(savePayload(process, text));
  };

  return (
    <Flex direction="column" h={height} bg="white" data-testid="process-designer">
      <DesignerToolbar
        zoom={designer.zoom} canUndo={designer.canUndo} canRedo={designer.canRedo} saving={saving || validate.isPending} busy={!drawn || loading}
        onOpenFile={(f) => void openFile(f)} onNew={() => void draw(newDiagramXml(), '新建失败')} onFit={designer.fit}
        onZoom={designer.zoomBy} onUndo={designer.undo} onRedo={designer.redo} onViewXml={() => void viewXml()}
        onDownloadXml={() => void downloadXml()} onDownloadSvg={() => void downloadSvg()} onSave={() => void save()}
        onSimulate={() => { setSimResult(null); setSimOpen(true); }}
      />
      <Flex flex="1" minH="0" position="relative">
        <Box position="relative" flex="1" minW="0">
          <Box ref={container} className="bpmn-designer-canvas" position="absolute" inset="0" data-testid="designer-canvas" />
          {notice && (
            <Box position="absolute" top="3" left="76px" right="4" zIndex="2" display="flex" justifyContent="center" pointerEvents="none">
              <Box pointerEvents="auto" maxW="640px">{notice}</Box>
            </Box>
          )}
          {simResult && !simOpen && <SimulateBar result={simResult} modeler={modeler} onOpen={() => setSimOpen(true)} onClear={() => setSimResult(null)} />}
          {loading && (
            <Center position="absolute" inset="0" bg="whiteAlpha.800" zIndex="1" flexDirection="column" gap="3">
              <Spinner size="lg" color="brand.solid" />
              <Text fontSize="sm" color="fg.muted">正在加载流程模型...</Text>
            </Center>
          )}
        </Box>
        <PanelSlot modeler={modeler} />
      </Flex>
      <SimulateDialog open={simOpen} modeler={modeler} getXml={exportXml} result={simResult} onResult={setSimResult} onClose={() => setSimOpen(false)} />
      <XmlDrawer open={xmlView != null} xml={xmlView ?? ''} onClose={() => setXmlView(null)} onDownload={() => void downloadXml()} />
    </Flex>
  );
}
