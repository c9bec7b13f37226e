import { BpmnModdle } from 'bpmn-moddle';
import { describe, expect, it } from 'vitest';
import { moddlePackages } from '../../../../../shared/bpmn/flowable-moddle';
import { downloadName, ensureFlowableNamespace, findProcess, importErrorText, isModelFile, processInfo, savePayload, stepZoom, zoomLabel, type ModdleLike } from './designer-rules';
import { defaultProcessName, newDiagramXml, randomFlowId } from './new-diagram';
import { xmlTokens } from './xml-tokens';
import { translateText } from './zh-cn';

type Root = { get(name: string): unknown };
async function parse(xml: string) {
  const { rootElement, warnings } = await new BpmnModdle(moddlePackages()).fromXML(xml);
  return { root: rootElement as Root, warnings };
}

describe('zoom (spec §9: step 0.1, minimum 0.2)', () => {
  it('steps by 0.1 both ways', () => {
    expect(stepZoom(1, 1)).toBe(1.1);
    expect(stepZoom(1, -1)).toBe(0.9);
    expect(stepZoom(0.73, 1)).toBe(0.83);
  });
  it('stops at 0.2 and 4', () => {
    expect(stepZoom(0.3, -1)).toBe(0.2);
    expect(stepZoom(0.2, -1)).toBe(0.2);
    expect(stepZoom(0.25, -1)).toBe(0.2);
    expect(stepZoom(4, 1)).toBe(4);
  });
  it('labels as a percentage', () => expect(zoomLabel(1.1)).toBe('110%'));
});

describe('new diagram (spec §2)', () => {
  it('random id is flow_ + 8 lowercase alphanumerics', () => {
    for (let i = 0; i < 50; i++) expect(randomFlowId()).toMatch(/^flow_[a-z0-9]{8}$/);
    expect(randomFlowId(() => 0)).toBe('flow_aaaaaaaa');
    expect(randomFlowId(() => 0.9999)).toBe('flow_99999999');
  });
  it('a new process is named 新建流程 + date and minute, not its random key', () => {
    expect(defaultProcessName(new Date(2025, 2, 8, 9, 5))).toBe('新建流程 2025-03-08 09:05');
  });
  it('is an empty process with start_event 开始, the flowable namespace and DI', async () => {
    const xml = newDiagramXml('flow_ks2lyz4c');
    expect(xml).toContain('targetNamespace="http://www.flowable.org/processdef"');
    expect(xml).toContain('xmlns:flowable="http://flowable.org/bpmn"');
    const { root: rootElement, warnings } = await parse(xml);
    expect(warnings).toEqual([]);
    const process = findProcess(rootElement.get('rootElements') as ModdleLike[]) as ModdleLike & { flowElements: ModdleLike[] };
    expect(process.id).toBe('flow_ks2lyz4c');
    expect(process.name).toMatch(/^新建流程 \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(process.name).not.toContain('flow_');
    expect(process.flowElements.map((e) => [e.$type, e.id, e.name])).toEqual([['bpmn:StartEvent', 'start_event', '开始']]);
    const plane = (rootElement.get('diagrams') as Array<{ plane: { planeElement: Array<{ bpmnElement: { id: string } }> } }>)[0].plane;
    expect(plane.planeElement.map((p) => p.bpmnElement.id)).toEqual(['start_event']);
  });
});

describe('save payload (spec §3: name, category, xml; empty category → null)', () => {
  it('reads name and flowable:processCategory through moddle', async () => {
    const xml = newDiagramXml('flow_x', 'flow_x').replace('isExecutable="true"', 'isExecutable="true" flowable:processCategory="oa"').replace('name="flow_x"', 'name="请假流程"');
    const { root: rootElement } = await parse(xml);
    const info = processInfo(findProcess(rootElement.get('rootElements') as ModdleLike[]));
    expect(info).toEqual({ id: 'flow_x', name: '请假流程', category: 'oa' });
    expect(savePayload(info!, '<x/>')).toEqual({ name: '请假流程', category: 'oa', xml: '<x/>' });
  });
  it('turns an empty or blank category into null', () => {
    expect(processInfo({ $type: 'bpmn:Process', id: 'p', name: 'n', get: () => '' })?.category).toBeNull();
    expect(processInfo({ $type: 'bpmn:Process', id: 'p', name: 'n', get: () => '  ' })?.category).toBeNull();
    expect(processInfo({ $type: 'bpmn:Process', id: 'p', name: 'n', get: () => undefined })?.category).toBeNull();
  });
  it('no process → null; a pool’s process is found after the collaboration', () => {
    expect(processInfo(findProcess([{ $type: 'bpmn:Collaboration' }]))).toBeNull();
    expect(findProcess([{ $type: 'bpmn:Collaboration' }, { $type: 'bpmn:Process', id: 'p' }])?.id).toBe('p');
  });
  it('download names and accepted files', () => {
    expect(downloadName({ id: 'flow_a', name: '请假 流程/1', category: null }, 'bpmn')).toBe('请假_流程_1.bpmn');
    expect(downloadName({ id: 'flow_a', name: '', category: null }, 'svg')).toBe('flow_a.svg');
    expect(downloadName(null, 'svg')).toBe('diagram.svg');
    expect(isModelFile('a.BPMN')).toBe(true);
    expect(isModelFile('a.bpmn20.xml')).toBe(true);
    expect(isModelFile('a.json')).toBe(false);
  });
});

describe('xml tokens and translation', () => {
  it('tokens join back to the input and colour tags/attributes', () => {
    const xml = '<?xml version="1.0"?>\n<bpmn:process id="p" name=\'a\'>\n  <!-- c -->\n  <bpmn:startEvent id="start_event" />\n</bpmn:process>';
    const tokens = xmlTokens(xml);
    expect(tokens.map((t) => t.text).join('')).toBe(xml);
    expect(tokens.filter((t) => t.kind === 'tag').map((t) => t.text)).toEqual(['bpmn:process', 'bpmn:startEvent', 'bpmn:process']);
    expect(tokens.filter((t) => t.kind === 'attr').map((t) => t.text)).toEqual(['id', 'name', 'id']);
    expect(tokens.filter((t) => t.kind === 'value').map((t) => t.text)).toEqual(['"p"', "'a'", '"start_event"']);
  });
  it('translates known texts and fills placeholders', () => {
    expect(translateText('Create user task')).toBe('创建用户任务');
    expect(translateText('User task')).toBe('用户任务');
    expect(translateText('no such {x}', { x: '1' })).toBe('no such 1');
  });
});

describe('flowable namespace on the root (reference §6)', () => {
  it('adds xmlns:flowable when bpmn-js left it out, once', () => {
    const xml = '<?xml version="1.0"?>\n<bpmn:definitions xmlns:bpmn="b" id="d">\n<bpmn:process id="p"/></bpmn:definitions>';
    const out = ensureFlowableNamespace(xml);
    expect(out).toContain('<bpmn:definitions xmlns:flowable="http://flowable.org/bpmn" xmlns:bpmn="b" id="d">');
    expect(ensureFlowableNamespace(out)).toBe(out);
    expect(ensureFlowableNamespace('<definitions id="x"/>')).toBe('<definitions xmlns:flowable="http://flowable.org/bpmn" id="x"/>');
  });
});

describe('import errors in Chinese', () => {
  it('maps the bpmn-js texts', () => {
    expect(importErrorText('unparsable content <bpmn2:definitions detected')).toBe('文件内容不是有效的 XML');
    expect(importErrorText('failed to parse document as <bpmn:Definitions>')).toBe('文件不是 BPMN 2.0 流程模型');
    expect(importErrorText('no diagram to display')).toBe('文件中没有可显示的流程图');
    expect(importErrorText('other')).toBe('other');
  });
});
