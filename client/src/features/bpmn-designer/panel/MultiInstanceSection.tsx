/**
 * 多实例 section and dialog (workflow spec §3 "Multi-instance", §4: an unset 执行方式 removes the
 * loop definition; reference §6: the dialog suggests ${nrOfCompletedInstances/nrOfInstances >= 0.6}).
 */
import { Box, Button, Input, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import type { PanelTarget } from './usePanelTarget';
import { DialogShell, PanelButton } from './DialogShell';
import { Row, SelectControl } from './fields';
import {
  cardinalityError, completionConditionError, describeMultiInstance, MI_MODES, readMultiInstance, SUGGESTED_COMPLETION, writeMultiInstance, type MultiInstanceForm,
} from './forms/multi-instance';

export function MultiInstanceSection({ target }: { target: PanelTarget }) {
  const current = readMultiInstance(target.bo);
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<MultiInstanceForm>(current);
  const [error, setError] = useState<string>();
  const [countError, setCountError] = useState<string>();
  useEffect(() => {
    if (open) {
      setForm(readMultiInstance(target.bo));
      setError(undefined);
      setCountError(undefined);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  const set = (k: keyof MultiInstanceForm, v: string) => setForm((f) => ({ ...f, [k]: v }));
  const confirm = () => {
    const e = form.mode ? completionConditionError(form.completionCondition) : undefined;
    const c = form.mode ? cardinalityError(form) : undefined;
    setError(e);
    setCountError(c);
    if (e || c) return;
    writeMultiInstance(target.ops, target.bo, form);
    setOpen(false);
  };
  return (
    <Box pb="3" data-testid="multi-instance-section">
      <Text fontSize="sm" color={current.mode ? '#303133' : 'gray.500'} mb="2" data-testid="multi-instance-summary">{describeMultiInstance(current)}</Text>
      <PanelButton onClick={() => setOpen(true)} testId="multi-instance-edit">编辑多实例</PanelButton>
      <DialogShell open={open} title="多实例配置" width="560px" testId="multi-instance-dialog" onClose={() => setOpen(false)} onConfirm={confirm}>
        <Row label="执行方式">
          <SelectControl value={form.mode} options={MI_MODES} placeholder="无（非多实例）" onChange={(v) => set('mode', v)} testId="mi-mode" label="执行方式" />
        </Row>
        {form.mode && (
          <>
            <Row label="循环基数" error={countError}>
              <Input size="sm" value={form.loopCardinality} placeholder="实例个数，如 3 或 ${count}" onChange={(e) => set('loopCardinality', e.target.value)} data-testid="mi-cardinality" aria-label="循环基数" />
            </Row>
            <Row label="集合">
              <Input size="sm" value={form.collection} placeholder="如 ${userList} 或 userList" onChange={(e) => set('collection', e.target.value)} data-testid="mi-collection" aria-label="集合" />
              <Text fontSize="xs" color="#909399" mt="1">循环基数与集合至少填写一项；都填写时按集合创建实例</Text>
            </Row>
            <Row label="元素变量">
              <Input size="sm" value={form.elementVariable} placeholder="如 assignee" onChange={(e) => set('elementVariable', e.target.value)} data-testid="mi-element-variable" />
            </Row>
            <Row label="完成条件" error={error}>
              <Input size="sm" value={form.completionCondition} placeholder={SUGGESTED_COMPLETION} onChange={(e) => set('completionCondition', e.target.value)} data-testid="mi-completion" />
              {!form.completionCondition && (
                <Button size="xs" variant="plain" colorPalette="brand" px="0" onClick={() => set('completionCondition', SUGGESTED_COMPLETION)}>
                  使用建议：{SUGGESTED_COMPLETION}
                </Button>
              )}
            </Row>
          </>
        )}
      </DialogShell>
    </Box>
  );
}
