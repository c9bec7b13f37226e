/**
 * 添加公告 / 修改公告 dialog (780px; RuoYi views/system/notice/index.vue): 公告标题, 公告类型 (select
 * over sys_notice_type), 状态 (radio over sys_notice_status), 内容 (the rich-text editor), with
 * RuoYi's rule messages. 确 定 → 新增成功 / 修改成功. The server sanitises the content and refuses it
 * over 64 KB (公告内容不能超过64KB).
 */
import { Grid } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { RichTextEditorLazy } from '../../../components/editor/RichTextEditorLazy';
import { FormDialog } from '../../../components/feedback/AppDialog';
import { DictSelect } from '../../../components/form/OptionSelect';
import { DictRadio, FormInput, FormItem, required, type Rules, useForm, useFormFrom } from '../../../components/form/form-kit';
import { saveForm } from '../../../components/form/save-form';
import { useDict } from '../../../hooks/useDict';
import { useTRPC } from '../../../lib/trpc';

interface NoticeForm {
  noticeTitle: string;
  noticeType: string;
  status: string;
  noticeContent: string;
}

const EMPTY: NoticeForm = { noticeTitle: '', noticeType: '', status: '0', noticeContent: '' };

const RULES: Rules<NoticeForm> = {
  noticeTitle: [required('公告标题不能为空')],
  noticeType: [required('公告类型不能为空')],
};

/** The add (no `noticeId`) or edit dialog; `onSaved` after 新增成功 / 修改成功. */
export function NoticeFormDialog({ noticeId, onClose, onSaved }: { noticeId?: number; onClose: () => void; onSaved: () => void }) {
  const trpc = useTRPC();
  const isAdd = noticeId === undefined;
  const dict = useDict('sys_notice_type', 'sys_notice_status');
  const f = useForm<NoticeForm>(EMPTY, RULES);
  const { form, errors, set, check, reset } = f;
  const notice = useQuery({ ...trpc.system.notice.get.queryOptions({ noticeId: noticeId ?? 0 }), enabled: !isAdd, gcTime: 0 });
  const add = useMutation(trpc.system.notice.add.mutationOptions());
  const update = useMutation(trpc.system.notice.update.mutationOptions());

  useFormFrom(isAdd ? undefined : notice.data, reset, (n) => ({
    noticeTitle: n.noticeTitle, noticeType: n.noticeType, status: n.status, noticeContent: n.noticeContent ?? '',
  }));

  const submit = () => {
    if (!check()) return;
    const body = {
      noticeTitle: form.noticeTitle, noticeType: form.noticeType as '1' | '2', status: form.status as '0' | '1', noticeContent: form.noticeContent,
    };
    saveForm(isAdd, add, update, body, { ...body, noticeId: noticeId! }, onSaved);
  };

  return (
    <FormDialog
      title={isAdd ? '添加公告' : '修改公告'}
      width="780px"
      testId="notice-dialog"
      onClose={onClose}
      onSubmit={submit}
      pending={add.isPending || update.isPending}
      loading={!isAdd && notice.isPending}
    >
      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} columnGap="4">
        <FormItem label="公告标题" required error={errors.noticeTitle}>
          <FormInput state={f} field="noticeTitle" placeholder="请输入公告标题" maxLength={50} />
        </FormItem>
        <FormItem label="公告类型" required error={errors.noticeType}>
          <DictSelect name="noticeType" placeholder="请选择公告类型" options={dict.sys_notice_type} value={form.noticeType}
            onChange={(v) => set('noticeType', v)} w="100%" />
        </FormItem>
      </Grid>
      <FormItem label="状态" plain>
        <DictRadio options={dict.sys_notice_status} value={form.status} onChange={(v) => set('status', v)} name="status" />
      </FormItem>
      <FormItem label="内容" plain>
        <RichTextEditorLazy value={form.noticeContent} onChange={(html) => set('noticeContent', html)} height={192} testId="notice-content-editor" />
      </FormItem>
    </FormDialog>
  );
}
