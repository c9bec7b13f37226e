/**
 * The scan that reads `flowable:fieldPermissions` of each userTask from a definition's stored XML
 * (field-permissions.ts): any prefix bound to the flowable / activiti / camunda namespace, entities
 * decoded, quotes of either kind, `>` inside values, line breaks normalised, comments and CDATA
 * ignored, other namespaces and other elements ignored.
 */
import { describe, expect, it } from 'vitest';
import { userTaskAttribute } from './field-permissions';

const XML = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn2:definitions xmlns:bpmn2="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:fl="http://flowable.org/bpmn"
  xmlns:activiti='http://activiti.org/bpmn' xmlns:other="http://example.com/x">
  <bpmn2:process id="p">
    <!-- <bpmn2:userTask id="commented" fl:fieldPermissions="{}"/> -->
    <bpmn2:userTask id="a" name="a &gt; b" fl:assignee="\${x > 1}" fl:fieldPermissions="{&quot;day&quot;:&quot;editable&quot;,&quot;items.amount&quot;:&quot;hidden&quot;}">
      <bpmn2:documentation><![CDATA[<bpmn2:userTask id="cdata" fl:fieldPermissions="{}"/>]]></bpmn2:documentation>
    </bpmn2:userTask>
    <bpmn2:userTask id='b' activiti:fieldPermissions='{"reason":"hidden"}'/>
    <bpmn2:userTask id="c" other:fieldPermissions="{&#34;day&#x22;:&quot;editable&quot;}"/>
    <bpmn2:userTask id="d"/>
    <bpmn2:serviceTask id="e" fl:fieldPermissions="{}"/>
  </bpmn2:process>
</bpmn2:definitions>`;

describe('userTaskAttribute', () => {
  it('reads the attribute of each userTask under an extension prefix only', () => {
    const found = userTaskAttribute(XML, 'fieldPermissions');
    expect(Object.fromEntries(found)).toEqual({
      a: '{"day":"editable","items.amount":"hidden"}',
      b: '{"reason":"hidden"}',
    });
  });

  it('decodes numeric entities', () => {
    const xml = '<definitions xmlns:flowable="http://flowable.org/bpmn"><userTask id="t" flowable:fieldPermissions="{&#34;day&#x22;:&#x22;editable&#34;}"></userTask></definitions>';
    expect(userTaskAttribute(xml, 'fieldPermissions').get('t')).toBe('{"day":"editable"}');
  });

  it('normalises literal line breaks in a value to spaces, as XML does', () => {
    const xml = '<definitions xmlns:flowable="http://flowable.org/bpmn"><userTask id="t" flowable:fieldPermissions="{&quot;day&quot;:\n\t&quot;editable&quot;}"/></definitions>';
    expect(userTaskAttribute(xml, 'fieldPermissions').get('t')).toBe('{"day":  "editable"}');
  });
});
