/**
 * `readImage`'s SVG (server/modules/flowable/definition/diagram-svg.ts) over every corpus file: one drawn
 * element per BPMNShape, one polyline per BPMNEdge, names as text, whatever the DI prefixes
 * (bpmndi/omgdc/omgdi or dc/di); a model without DI answers a small notice SVG.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { diagramSvg } from '../../server/modules/flowable/definition/diagram-svg';
import { LEAVE_XML } from './flowable-model';
import { corpusDir as dir } from '../workflow/helpers';

const files = fs.readdirSync(dir).filter((f) => /\.(bpmn|xml)$/.test(f));

describe('diagram SVG', () => {
  it('reads the in-repo corpus', () => expect(files.length).toBeGreaterThanOrEqual(20));
  for (const f of files) {
    it(f, () => {
      const xml = fs.readFileSync(path.join(dir, f), 'utf8');
      const svg = diagramSvg(xml);
      expect(svg).toContain('<svg');
      const shapes = (xml.match(/<(?:[\w-]+:)?BPMNShape\b/g) ?? []).length;
      const edges = (xml.match(/<(?:[\w-]+:)?BPMNEdge\b/g) ?? []).length;
      const drawn = (svg.match(/<(rect|circle|polygon) data-element-id=/g) ?? []).length;
      expect(drawn).toBe(shapes);
      expect((svg.match(/<polyline/g) ?? []).length).toBe(edges);
      if (shapes === 0) expect(svg).toContain('流程图没有图形信息');
    });
  }

  it('draws the kinds and escapes names', () => {
    const svg = diagramSvg(LEAVE_XML.replace('name="经理审批"', 'name="经理&lt;审批&gt;"'));
    expect(svg).toContain('class="endEvent"');
    expect(svg).toContain('stroke-width="3"');
    expect(svg).toContain('经理&lt;审批&gt;');
    expect(svg).not.toMatch(/<script/);
    expect(diagramSvg('<definitions><process id="p"/></definitions>')).toContain('流程图没有图形信息');
  });
});
