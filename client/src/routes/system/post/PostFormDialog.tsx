/**
 * 添加岗位 / 修改岗位 dialog (500px; RuoYi views/system/post/index.vue): 岗位名称, 岗位编码,
 * 岗位顺序, 岗位状态, 备注, with RuoYi's rule messages. 确 定 → 新增成功 / 修改成功; name and code
 * clashes come back from the server (新增岗位'x'失败，岗位名称已存在 …).
 */
import { Textarea } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useDict } from '../../../hooks/useDict';
import { useTRPC } from '../../../lib/trpc';
import { DictRadio, FormInput, FormItem, required, type Rules, useForm, useFormFrom } from '../../../components/form/form-kit';
import { FormDialog } from '../../../components/feedback/AppDialog';
import { OrderInput, numText } from '../../../components/form/OrderInput';
import { saveForm } from '../../../components/form/save-form';

interface PostForm {
  postName: string;
  postCode: string;
  postSort: string;
  status: string;
  remark: string;
}

const EMPTY: PostForm = { postName: '', postCode: '', postSort: '0', status: '0', remark: '' };

const RULES: Rules<PostForm> = {
  postName: [required('岗位名称不能为空')],
  postCode: [required('岗位编码不能为空')],
  postSort: [required('岗位顺序不能为空')],
};

export function PostFormDialog({ postId, onClose, onSaved }: { postId?: number; onClose: () => void; onSaved: () => void }) {
  const trpc = useTRPC();
  const isAdd = postId === undefined;
  const dict = useDict('sys_normal_disable');
  const f = useForm<PostForm>(EMPTY, RULES);
  const { form, errors, set, blur, check, reset } = f;
  const post = useQuery({ ...trpc.system.post.get.queryOptions({ postId: postId ?? 0 }), enabled: !isAdd, gcTime: 0 });
  const add = useMutation(trpc.system.post.add.mutationOptions());
  const update = useMutation(trpc.system.post.update.mutationOptions());

  useFormFrom(isAdd ? undefined : post.data, reset, (p) => ({ postName: p.postName, postCode: p.postCode, postSort: numText(p.postSort), status: p.status, remark: p.remark ?? '' }));

  const submit = () => {
    if (!check()) return;
    const body = { postName: form.postName, postCode: form.postCode, postSort: Number(form.postSort), status: form.status as '0' | '1', remark: form.remark };
    saveForm(isAdd, add, update, body, { ...body, postId: postId! }, onSaved);
  };

  return (
    <FormDialog
      title={isAdd ? '添加岗位' : '修改岗位'}
      width="500px"
      testId="post-dialog"
      onClose={onClose}
      onSubmit={submit}
      pending={add.isPending || update.isPending}
      loading={!isAdd && post.isPending}
    >
      <FormItem label="岗位名称" required error={errors.postName}>
        <FormInput state={f} field="postName" placeholder="请输入岗位名称" maxLength={50} />
      </FormItem>
      <FormItem label="岗位编码" required error={errors.postCode}>
        <FormInput state={f} field="postCode" placeholder="请输入编码名称" maxLength={64} />
      </FormItem>
      <FormItem label="岗位顺序" required error={errors.postSort}>
        <OrderInput name="postSort" label="岗位顺序" value={form.postSort} onChange={(v) => set('postSort', v)} onBlur={() => blur('postSort')} />
      </FormItem>
      <FormItem label="岗位状态" plain>
        <DictRadio options={dict.sys_normal_disable} value={form.status} onChange={(v) => set('status', v)} name="status" />
      </FormItem>
      <FormItem label="备注">
        <Textarea size="sm" name="remark" placeholder="请输入内容" value={form.remark} onChange={(e) => set('remark', e.target.value)} />
      </FormItem>
    </FormDialog>
  );
}
