/**
 * 添加任务 / 修改任务 dialog (RuoYi monitor/job/index.vue, 800px, label width 120px): 任务名称,
 * 任务分组, 调用方法 (with RuoYi's call-example tooltip; class-name calls are not offered: the
 * server's registry refuses them), cron表达式 (with 生成表达式 presets),
 * 执行策略, 是否并发, 状态. Required fields are checked here; the server's rules (Cron表达式不正确,
 * 目标字符串不在白名单内 …) come back as errors and are shown by the request-error layer.
 */
import {
  Box, Button, Field, Flex, Group, Input, Menu, Portal, SegmentGroup, SimpleGrid, Tooltip,
} from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { MSG } from '../../../components/feedback/messages';
import { msgSuccess } from '../../../lib/modal/toaster';
import type { DictOption } from '../../../hooks/useDict';
import { useTRPC } from '../../../lib/trpc';
import { AppDialog } from '../../../components/feedback/AppDialog';
import { DictSelect } from '../../../components/form/OptionSelect';
import { DictRadio } from '../../../components/form/form-kit';
import { CONCURRENT_OPTIONS, CRON_PRESETS, MISFIRE_OPTIONS, validateJob, type JobFormValues } from './job-utils';

function Item({ label, required, error, children }: { label: ReactNode; required?: boolean; error?: string; children: ReactNode }) {
  return (
    <Field.Root orientation="horizontal" invalid={!!error} alignItems="flex-start" gap="3">
      <Field.Label flex="0 0 120px" whiteSpace="nowrap" justifyContent="flex-end" fontWeight="bold" color="#606266" mt="2">
        {required && <Box as="span" color="red.500" mr="1">*</Box>}
        {label}
      </Field.Label>
      <Box flex="1" minW="0">
        {children}
        {error && <Field.ErrorText fontSize="xs" mt="1">{error}</Field.ErrorText>}
      </Box>
    </Field.Root>
  );
}

const INVOKE_HELP = (
  <Box fontSize="xs" lineHeight="tall">
    Bean调用示例：ryTask.ryParams('ry')
    <br />
    参数说明：支持字符串，布尔类型，长整型，浮点型，整型
    <br />
    仅可调用已登记的任务（不支持按类名调用），如 logTask.clean(30)、sessionTask.sweepExpired()、backupTask.backup('backup', 7)
  </Box>
);

function Segments({ name, value, items, onChange }: { name: string; value: string; items: { value: string; label: string }[]; onChange: (v: string) => void }) {
  return (
    <SegmentGroup.Root size="sm" value={value} onValueChange={(e) => onChange(e.value ?? '')} aria-label={name} data-testid={`segment-${name}`}>
      <SegmentGroup.Indicator bg="brand.solid" />
      {items.map((o) => (
        <SegmentGroup.Item key={o.value} value={o.value} _checked={{ color: 'white' }} px="4">
          <SegmentGroup.ItemText>{o.label}</SegmentGroup.ItemText>
          <SegmentGroup.ItemHiddenInput />
        </SegmentGroup.Item>
      ))}
    </SegmentGroup.Root>
  );
}

export interface JobFormDialogProps {
  /** null: closed. */
  initial: JobFormValues | null;
  onClose: () => void;
  onSaved: () => void;
  groups: DictOption[];
  statuses: DictOption[];
}

/** Mounted while open, so each opening starts from `initial`. */
export function JobFormDialog({ initial, onClose, onSaved, groups, statuses }: JobFormDialogProps) {
  return initial ? <FormBody key={initial.jobId ?? 'new'} initial={initial} onClose={onClose} onSaved={onSaved} groups={groups} statuses={statuses} /> : null;
}

function FormBody({ initial, onClose, onSaved, groups, statuses }: Omit<JobFormDialogProps, 'initial'> & { initial: JobFormValues }) {
  const trpc = useTRPC();
  const [form, setForm] = useState<JobFormValues>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof JobFormValues, string>>>({});
  const add = useMutation(trpc.monitor.job.add.mutationOptions());
  const update = useMutation(trpc.monitor.job.update.mutationOptions());
  const busy = add.isPending || update.isPending;

  const set = <K extends keyof JobFormValues>(key: K, value: JobFormValues[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = async () => {
    const found = validateJob(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body = { ...form, jobName: form.jobName.trim(), invokeTarget: form.invokeTarget.trim(), cronExpression: form.cronExpression.trim() };
    try {
      if (form.jobId !== undefined) {
        await update.mutateAsync({ ...body, jobId: form.jobId });
        msgSuccess(MSG.update);
      } else {
        await add.mutateAsync(body);
        msgSuccess(MSG.add);
      }
      onSaved();
      onClose();
    } catch {
      // Shown by the request-error layer; the dialog stays open.
    }
  };

  const footer = (
    <>
      <Button size="sm" colorPalette="brand" loading={busy} onClick={() => void submit()} data-testid="job-form-submit">
        确 定
      </Button>
      <Button size="sm" variant="outline" onClick={onClose}>
        取 消
      </Button>
    </>
  );

  return (
    <AppDialog open onClose={onClose} title={form.jobId !== undefined ? '修改任务' : '添加任务'} width="800px" testId="job-form-dialog" footer={footer}>
      <Box as="form" data-testid="job-form" onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        <SimpleGrid columns={{ base: 1, md: 2 }} rowGap="5" columnGap="4">
          <Item label="任务名称" required error={errors.jobName}>
            <Input size="sm" name="jobName" placeholder="请输入任务名称" value={form.jobName} maxLength={64} onChange={(e) => set('jobName', e.target.value)} />
          </Item>
          <Item label="任务分组">
            <DictSelect name="jobGroup" placeholder="请选择任务分组" options={groups} value={form.jobGroup} onChange={(v) => set('jobGroup', v)} w="100%" />
          </Item>
          <Box gridColumn={{ md: 'span 2' }}>
            <Item
              required
              error={errors.invokeTarget}
              label={
                <Flex align="center" gap="1">
                  调用方法
                  <Tooltip.Root openDelay={100} positioning={{ placement: 'top' }}>
                    <Tooltip.Trigger asChild>
                      <Box as="span" aria-label="调用方法说明" data-testid="invoke-help" cursor="help" display="inline-flex" w="14px" h="14px"
                        borderRadius="full" bg="gray.400" color="white" fontSize="10px" alignItems="center" justifyContent="center">
                        ?
                      </Box>
                    </Tooltip.Trigger>
                    <Portal>
                      <Tooltip.Positioner>
                        <Tooltip.Content maxW="md">{INVOKE_HELP}</Tooltip.Content>
                      </Tooltip.Positioner>
                    </Portal>
                  </Tooltip.Root>
                </Flex>
              }
            >
              <Input size="sm" name="invokeTarget" placeholder="请输入调用目标字符串" value={form.invokeTarget} maxLength={500}
                onChange={(e) => set('invokeTarget', e.target.value)} />
            </Item>
          </Box>
          <Box gridColumn={{ md: 'span 2' }}>
            <Item label="cron表达式" required error={errors.cronExpression}>
              <Group attached w="full">
                <Input size="sm" name="cronExpression" placeholder="请输入cron执行表达式" value={form.cronExpression} maxLength={255}
                  onChange={(e) => set('cronExpression', e.target.value)} />
                <Menu.Root onSelect={(d) => set('cronExpression', d.value)} positioning={{ placement: 'bottom-end' }}>
                  <Menu.Trigger asChild>
                    <Button size="sm" variant="outline" data-testid="cron-presets">生成表达式</Button>
                  </Menu.Trigger>
                  <Portal>
                    <Menu.Positioner>
                      <Menu.Content zIndex="popover">
                        {CRON_PRESETS.map((p) => (
                          <Menu.Item key={p.value} value={p.value} justifyContent="space-between" gap="6">
                            {p.label}
                            <Box as="span" color="fg.muted" fontFamily="mono" fontSize="xs">{p.value}</Box>
                          </Menu.Item>
                        ))}
                      </Menu.Content>
                    </Menu.Positioner>
                  </Portal>
                </Menu.Root>
              </Group>
            </Item>
          </Box>
          <Box gridColumn={{ md: 'span 2' }}>
            <Item label="执行策略">
              <Segments name="misfirePolicy" value={form.misfirePolicy} items={MISFIRE_OPTIONS} onChange={(v) => set('misfirePolicy', v)} />
            </Item>
          </Box>
          <Item label="是否并发">
            <Segments name="concurrent" value={form.concurrent} items={CONCURRENT_OPTIONS} onChange={(v) => set('concurrent', v)} />
          </Item>
          <Item label="状态">
            <DictRadio options={statuses} value={form.status} onChange={(v) => set('status', v)} name="status" />
          </Item>
        </SimpleGrid>
        <button type="submit" hidden />
      </Box>
    </AppDialog>
  );
}
