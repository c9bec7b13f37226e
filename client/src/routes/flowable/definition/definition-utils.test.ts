import { describe, expect, it } from 'vitest';
import { designerPath, importPath, isBpmnFile, stateChange } from './definition-utils';

describe('流程定义 rules', () => {
  it('maps the switch to suspensionState 1 / 2', () => {
    expect(stateChange(true)).toEqual({ state: 1, text: '激活' });
    expect(stateChange(false)).toEqual({ state: 2, text: '挂起' });
  });
  it('opens the designer with or without a deployment', () => {
    expect(designerPath()).toBe('/flowable/definition/model');
    expect(designerPath('d 1')).toBe('/flowable/definition/model?deployId=d%201');
  });
  it('accepts .bpmn / .xml and builds the import path', () => {
    expect(isBpmnFile('a.BPMN')).toBe(true);
    expect(isBpmnFile('a.bpmn20.xml')).toBe(true);
    expect(isBpmnFile('a.txt')).toBe(false);
    expect(importPath(' 请假 ', 'leave')).toBe('/flowable/definition/import?name=%E8%AF%B7%E5%81%87&category=leave');
    expect(importPath('', '')).toBe('/flowable/definition/import');
  });
});
