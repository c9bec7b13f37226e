/**
 * 导入流程 dialog of 流程定义 (reference §2 Definitions: `POST /flowable/definition/import`
 * multipart `file` + query name / category, "upload a .bpmn"): 流程名称 (the file name when
 * blank), 流程分类 (sys_process_category) and one .bpmn / .xml file; 确 定 deploys it as a new
 * version and shows the server's 导入成功, or its refusal.
 */
import { Input, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { msgError, msgSuccess } from '../../../lib/modal/toaster';
import { FileDropZone } from '../../../components/upload/FileDropZone';
import { useDict } from '../../../hooks/useDict';
import { showSessionExpired } from '../../../lib/request-error';
import { API_BASE, authHeaders } from '../../../lib/trpc';
import { DictSelect } from '../../../components/form/OptionSelect';
import { FormDialog } from '../../../components/feedback/AppDialog';
import { FormItem } from '../../../components/form/form-kit';
import { IMPORT_ACCEPT, importPath, isBpmnFile } from './definition-utils';

/** Posts the file; resolves the reply `{code, msg}`. */
async function postImport(file: File, name: string, category: string): Promise<{ code: number; msg: string }> {
  const body = new FormData();
  body.append('file', file, file.name);
  const res = await fetch(`${API_BASE}${importPath(name, category)}`, { method: 'POST', headers: authHeaders(), body });
  return (await res.json()) as { code: number; msg: string };
}

/** 导入流程 dialog: name, category and one .bpmn/.xml file, deployed on 确 定. */
export function ImportDialog({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const dict = useDict('sys_process_category');
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [category, setCategory] = useState('');
  const [busy, setBusy] = useState(false);

  const pick = (f: File | undefined) => {
    if (!f) return;
    if (!isBpmnFile(f.name)) {
      msgError('文件格式不正确，请导入 .bpmn 或 .xml 文件');
      return;
    }
    setFile(f);
  };

  const submit = async () => {
    if (!file) {
      msgError('请选择要导入的流程文件');
      return;
    }
    setBusy(true);
    try {
      const reply = await postImport(file, name, category);
      if (reply.code === 401) {
        void showSessionExpired();
      } else if (reply.code === 200) {
        msgSuccess(reply.msg || '导入成功');
        onDone();
      } else {
        msgError(reply.msg || '导入失败');
      }
    } catch {
      msgError('上传文件失败，请重试');
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog title="导入流程" width="460px" onClose={onClose} onSubmit={() => void submit()} pending={busy} testId="definition-import-dialog">
      <FormItem label="流程名称" labelWidth="80px">
        <Input size="sm" placeholder="为空时使用文件名" value={name} onChange={(e) => setName(e.target.value)} name="importName" />
      </FormItem>
      <FormItem label="流程分类" labelWidth="80px">
        <DictSelect name="importCategory" placeholder="请选择流程分类" options={dict.sys_process_category} value={category} onChange={setCategory} w="100%" />
      </FormItem>
      <FileDropZone
        file={file}
        onPick={pick}
        onRemove={() => setFile(null)}
        accept={IMPORT_ACCEPT}
        height="150px"
        iconSize="40px"
        inputTestId="definition-import-file"
        nameTestId="definition-import-name"
      />
      <Text mt="2" fontSize="xs" color="red.500">
        提示：仅允许导入 .bpmn 或 .xml 格式的流程文件！
      </Text>
    </FormDialog>
  );
}
