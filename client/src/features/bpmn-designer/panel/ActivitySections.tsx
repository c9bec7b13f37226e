/**
 * 服务 and 调用 sections (issue 13 C): a service task's 实现方式 (类 / 委托表达式 / 表达式), 处理器
 * (the registered handler names, `flowable.definition.serviceHandlers`), 结果变量 and 字段注入;
 * a call activity's 被调用流程 (existing process keys from the definitions list, or free text),
 * 版本绑定 latest / version + 版本号, 继承变量, 业务标识 and 输入/输出变量映射. Data in
 * forms/activities.ts.
 */
import { Box, Flex, Input, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { handlerText } from '../../../../../shared/bpmn/handler-labels';
import { useTRPC } from '../../../lib/trpc';
import type { PanelTarget } from './usePanelTarget';
import { PanelButton } from './DialogShell';
import { TableDialog } from './ProcessDialogs';
import { Row, SelectControl, SelectRow, SwitchRow, TextRow } from './fields';
import {
  handlerOf, readCallActivity, readFields, readMappings, readService, SERVICE_IMPLS, validateMappings, valueForHandler, versionError,
  writeCallActivity, writeFields, writeMappings, writeService, type FieldRow, type MappingRow, type ServiceImpl,
} from './forms/activities';

/** 服务 rows of a service task. */
export function ServiceRows({ target }: { target: PanelTarget }) {
  const trpc = useTRPC();
  const { data: handlers = [] } = useQuery(trpc.flowable.definition.serviceHandlers.queryOptions());
  const svc = readService(target.bo);
  const [impl, setImpl] = useState<ServiceImpl>(svc.impl || 'class');
  const [fieldsOpen, setFieldsOpen] = useState(false);
  const current = svc.impl === impl ? svc.value : '';
  const handler = handlerOf(impl, current);
  const options = handlers.map((h) => ({ value: h, label: handlerText(h) }));
  if (handler && !handlers.includes(handler)) options.push({ value: handler, label: `${handler} (未注册)` });
  const fields = readFields(target.bo);
  return (
    <>
      <SelectRow label="实现方式" value={impl} allowEmpty={false} testId="panel-service-impl" options={SERVICE_IMPLS.map((i) => ({ value: i.value, label: i.label }))}
        onChange={(v) => {
          setImpl(v as ServiceImpl);
          const h = handlerOf(svc.impl, svc.value);
          if (h) writeService(target.ops, target.bo, v as ServiceImpl, valueForHandler(v as ServiceImpl, h));
        }} />
      <SelectRow label="处理器" value={handler} required testId="panel-service-handler" options={options}
        onChange={(v) => writeService(target.ops, target.bo, impl, v ? valueForHandler(impl, v) : '')} />
      {impl !== 'class' && (
        <TextRow label={impl === 'expression' ? '表达式' : '委托表达式'} value={current} testId="panel-service-value"
          placeholder={SERVICE_IMPLS.find((i) => i.value === impl)?.hint} onCommit={(v) => writeService(target.ops, target.bo, impl, v)} />
      )}
      <TextRow label="结果变量" value={svc.resultVariable} testId="panel-result-variable" placeholder="处理器返回值存入的流程变量"
        onCommit={(v) => target.ops.update(target.bo, { 'flowable:resultVariable': v.trim() || undefined })} />
      <Row label="字段注入">
        <Box>
          {fields.length > 0 && <Text fontSize="xs" mb="1" color="#606266" data-testid="service-fields-summary">{fields.map((f) => f.name).join('、')}</Text>}
          <PanelButton onClick={() => setFieldsOpen(true)} testId="service-fields-edit">编辑字段</PanelButton>
        </Box>
      </Row>
      <TableDialog<FieldRow>
        open={fieldsOpen} value={fields} title="字段注入" width="700px" testId="service-fields-dialog" tableTestId="service-fields-table"
        validate={(rows) => Object.fromEntries(rows.map((r, i) => [i, r.name.trim() ? {} : { name: '请输入' }]).filter(([, e]) => Object.keys(e as object).length))}
        newRow={() => ({ name: '', type: 'string', value: '' })}
        columns={[
          { key: 'name', title: '字段名称' },
          { key: 'type', title: '类型', kind: 'select', width: '140px', options: [{ value: 'string', label: '字符串' }, { value: 'expression', label: '表达式' }] },
          { key: 'value', title: '值' },
        ]}
        onClose={() => setFieldsOpen(false)}
        onConfirm={(rows) => {
          writeFields(target.ops, target.bo, rows);
          setFieldsOpen(false);
        }}
      />
    </>
  );
}

/** 调用 rows of a call activity. */
export function CallActivityRows({ target }: { target: PanelTarget }) {
  const trpc = useTRPC();
  const { data } = useQuery(trpc.flowable.definition.list.queryOptions({ pageNum: 1, pageSize: 500, latestActive: true }));
  const form = readCallActivity(target.bo);
  const [mappings, setMappings] = useState<'in' | 'out' | null>(null);
  const keys = [...new Map((data?.rows ?? []).map((r) => [r.key, r.name])).entries()].map(([key, name]) => ({ value: key, label: `${name ?? key} (${key})` }));
  const ins = readMappings(target.bo, 'in');
  const outs = readMappings(target.bo, 'out');
  return (
    <>
      <Row label="被调用流程" required>
        <Flex direction="column" gap="1.5">
          <SelectControl value={keys.some((k) => k.value === form.calledElement) ? form.calledElement : ''} options={keys} testId="panel-called-select"
            label="被调用流程" placeholder="选择已部署的流程" onChange={(v) => v && writeCallActivity(target.ops, target.bo, 'calledElement', v)} />
          <CalledInput value={form.calledElement} onCommit={(v) => writeCallActivity(target.ops, target.bo, 'calledElement', v)} />
        </Flex>
      </Row>
      <SelectRow label="版本绑定" value={form.binding} allowEmpty={false} testId="panel-called-binding"
        options={[{ value: 'latest', label: '最新版本' }, { value: 'version', label: '指定版本' }]}
        onChange={(v) => writeCallActivity(target.ops, target.bo, 'binding', v as 'latest' | 'version')} />
      {form.binding === 'version' && (
        <TextRow label="版本号" value={form.version} required testId="panel-called-version" validate={(v) => versionError('version', v)}
          onCommit={(v) => !versionError('version', v) && writeCallActivity(target.ops, target.bo, 'version', v.trim())} />
      )}
      <SwitchRow label="继承变量" checked={form.inheritVariables} testId="panel-inherit-variables" onChange={(v) => writeCallActivity(target.ops, target.bo, 'inheritVariables', v)} />
      <TextRow label="业务标识" value={form.businessKey} testId="panel-business-key" placeholder="如 ${businessKey}" onCommit={(v) => writeCallActivity(target.ops, target.bo, 'businessKey', v)} />
      <Row label="变量映射">
        <Flex gap="2" align="center" wrap="wrap">
          <PanelButton onClick={() => setMappings('in')} testId="call-in-edit">输入变量 ({ins.length})</PanelButton>
          <PanelButton onClick={() => setMappings('out')} testId="call-out-edit">输出变量 ({outs.length})</PanelButton>
        </Flex>
      </Row>
      <TableDialog<MappingRow>
        open={mappings !== null} value={mappings === 'out' ? outs : ins} title={mappings === 'out' ? '输出变量映射 (子流程 → 父流程)' : '输入变量映射 (父流程 → 子流程)'}
        width="800px" testId="call-mapping-dialog" tableTestId="call-mapping-table"
        validate={validateMappings}
        newRow={() => ({ source: '', sourceExpression: '', target: '' })}
        columns={[
          { key: 'source', title: '来源变量 (source)' },
          { key: 'sourceExpression', title: '来源表达式 (sourceExpression)' },
          { key: 'target', title: '目标变量 (target)' },
        ]}
        onClose={() => setMappings(null)}
        onConfirm={(rows) => {
          if (mappings) writeMappings(target.ops, target.bo, mappings, rows);
          setMappings(null);
        }}
      />
    </>
  );
}

/** Free text for 被调用流程 (a key not deployed yet, or an expression), committed on blur / Enter. */
function CalledInput({ value, onCommit }: { value: string; onCommit: (v: string) => void }) {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setDraft(value);
  }
  const commit = () => draft !== value && onCommit(draft);
  return (
    <Input size="sm" value={draft} placeholder="或输入流程标识 / 表达式" data-testid="panel-called-element" aria-label="被调用流程"
      onChange={(e) => setDraft(e.target.value)} onBlur={commit} onKeyDown={(e) => e.key === 'Enter' && commit()} />
  );
}
