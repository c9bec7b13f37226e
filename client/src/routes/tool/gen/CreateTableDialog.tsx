/**
 * 创建表 (RuoYi views/tool/gen/createTable.vue, 800px; admin only): a textarea of CREATE TABLE
 * statements (several allowed) → `tool.gen.createTable` (请输入建表语句 when empty) → 创建成功,
 * then `onCreated` (the new tables are imported by the server).
 */
import { Text, Textarea } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { FormDialog } from '../../../components/feedback/AppDialog';
import { msgError, msgSuccess } from '../../../components/feedback/toaster';
import { useTRPC } from '../../../lib/trpc';

export function CreateTableDialog({ onClose, onCreated }: { onClose: () => void; onCreated: () => void }) {
  const trpc = useTRPC();
  const [content, setContent] = useState('');
  const create = useMutation(trpc.tool.gen.createTable.mutationOptions());
  const submit = () => {
    if (content.trim() === '') {
      msgError('请输入建表语句');
      return;
    }
    create.mutate({ sql: content }, {
      onSuccess: () => {
        msgSuccess('创建成功');
        onCreated();
      },
    });
  };
  return (
    <FormDialog title="创建表" width="800px" testId="gen-create-dialog" onClose={onClose} onSubmit={submit} pending={create.isPending}>
      <Text fontSize="sm" mb="2">创建表语句(支持多个建表语句)：</Text>
      <Textarea
        name="sql"
        rows={10}
        fontFamily="mono"
        fontSize="sm"
        placeholder="请输入文本"
        value={content}
        onChange={(e) => setContent(e.target.value)}
      />
    </FormDialog>
  );
}
