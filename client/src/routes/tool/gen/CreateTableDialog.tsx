/**
 * 创建表 (RuoYi views/tool/gen/createTable.vue, 800px; admin only): a textarea of CREATE TABLE
 * statements (several allowed, SQLite or MySQL: the server translates MySQL DDL and keeps its
 * COMMENTs, issue 40 §6) with an example below (填入示例 copies it into the box) →
 * `tool.gen.createTable` (请输入建表语句 when empty) → 创建成功, then `onCreated` (the new tables
 * are imported by the server). A refusal (500) shows under the box (testid `gen-create-error`)
 * until the text changes; other errors go through the request-error layer.
 */
import { Box, Button, Flex, Text, Textarea } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { FormDialog } from '../../../components/feedback/AppDialog';
import { msgError, msgSuccess } from '../../../lib/modal/toaster';
import { describeRequestError, handleRequestError } from '../../../lib/request-error';
import { useTRPC } from '../../../lib/trpc';

/** The example shown in the dialog: RuoYi's MySQL style, which is what most people paste. */
export const CREATE_TABLE_EXAMPLE = `CREATE TABLE biz_customer (
  customer_id   bigint(20)   NOT NULL AUTO_INCREMENT COMMENT '客户ID',
  customer_name varchar(50)  NOT NULL              COMMENT '客户名称',
  status        char(1)      DEFAULT '0'           COMMENT '状态（0正常 1停用）',
  create_time   datetime                           COMMENT '创建时间',
  PRIMARY KEY (customer_id)
) ENGINE=InnoDB COMMENT='客户表';`;

export function CreateTableDialog({ onClose, onCreated }: { onClose: () => void; onCreated: () => void }) {
  const trpc = useTRPC();
  const [content, setContent] = useState('');
  const [refusal, setRefusal] = useState('');
  const create = useMutation({ ...trpc.tool.gen.createTable.mutationOptions(), meta: { silent: true } });
  const submit = () => {
    if (content.trim() === '') {
      msgError('请输入建表语句');
      return;
    }
    setRefusal('');
    create.mutate({ sql: content }, {
      onSuccess: () => {
        msgSuccess('创建成功');
        onCreated();
      },
      onError: (error) => {
        const info = describeRequestError(error);
        if (info.code === 500) setRefusal(info.message);
        else handleRequestError(error);
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
        aria-invalid={refusal ? true : undefined}
        onChange={(e) => {
          setContent(e.target.value);
          setRefusal('');
        }}
      />
      {refusal && (
        <Text role="alert" fontSize="sm" color="fg.error" mt="2" whiteSpace="pre-wrap" wordBreak="break-word" data-testid="gen-create-error">
          {refusal}
        </Text>
      )}
      <Box mt="3" data-testid="gen-create-example">
        <Flex align="center" justify="space-between" gap="2" mb="1" wrap="wrap">
          <Text fontSize="xs" color="fg.muted">
            支持 SQLite 或 MySQL 建表语句，以分号分隔；MySQL 的 COMMENT 作为字段描述和表描述。例如：
          </Text>
          <Button size="xs" variant="plain" color="brand.solid" px="0" onClick={() => { setContent(CREATE_TABLE_EXAMPLE); setRefusal(''); }}>
            填入示例
          </Button>
        </Flex>
        <Box as="pre" fontSize="xs" fontFamily="mono" bg="gray.50" borderWidth="1px" borderRadius="sm" p="2" overflowX="auto" color="fg.muted" m="0">
          {CREATE_TABLE_EXAMPLE}
        </Box>
      </Box>
    </FormDialog>
  );
}
