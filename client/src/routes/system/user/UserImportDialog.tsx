/**
 * 用户导入 dialog (400px, RuoYi user/index.vue upload): drag or pick one .xls/.xlsx file,
 * 是否更新已经存在的用户数据, 下载模板; 确 定 posts the file (multipart `file`, query
 * `updateSupport`) to /system/user/importData and shows the server's summary in 导入结果.
 */
import { Box, Checkbox, Link, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { alertDialog } from '../../../lib/modal/confirm';
import { openLoading } from '../../../lib/modal/loading-mask';
import { msgError } from '../../../lib/modal/toaster';
import { FileDropZone } from '../../../components/upload/FileDropZone';
import { checkFile } from '../../../components/upload/rules';
import { download } from '../../../lib/download';
import { showSessionExpired } from '../../../lib/request-error';
import { API_BASE, authHeaders } from '../../../lib/trpc';
import { FormDialog } from '../../../components/feedback/AppDialog';
import { importSummary } from '../../../components/upload/import-summary';

const TYPES = ['xls', 'xlsx'];

/** Posts the workbook; resolves the reply `{code, msg}`. */
export async function importUsers(file: File, updateSupport: boolean): Promise<{ code: number; msg: string }> {
  const body = new FormData();
  body.append('file', file, file.name);
  const res = await fetch(`${API_BASE}/system/user/importData?updateSupport=${updateSupport}`, { method: 'POST', headers: authHeaders(), body });
  return (await res.json()) as { code: number; msg: string };
}

/** 用户导入 dialog: one .xls/.xlsx file, 是否更新, 下载模板; 确 定 imports and shows 导入结果. */
export function UserImportDialog({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [updateSupport, setUpdateSupport] = useState(false);
  const [busy, setBusy] = useState(false);

  const pick = (f: File | undefined) => {
    if (!f) return;
    const err = checkFile(f, TYPES, 0);
    if (err) {
      msgError(err);
      return;
    }
    setFile(f);
  };

  const submit = async () => {
    if (!file) {
      msgError('请选择上传文件。');
      return;
    }
    setBusy(true);
    const close = openLoading('正在导入数据，请稍候...');
    try {
      const reply = await importUsers(file, updateSupport);
      if (reply.code === 401) {
        void showSessionExpired();
        return;
      }
      onClose();
      onDone();
      await alertDialog(importSummary(reply.msg ?? ''), '导入结果');
    } catch {
      msgError('上传文件失败，请重试');
    } finally {
      close();
      setBusy(false);
    }
  };

  const template = () => download('/system/user/importTemplate', {}, { method: 'POST', filename: `user_template_${Date.now()}.xlsx` });

  return (
    <FormDialog title="用户导入" width="400px" placement="center" testId="user-import-dialog" onClose={onClose} onSubmit={() => void submit()} pending={busy}>
      <FileDropZone
        file={file}
        onPick={pick}
        onRemove={() => setFile(null)}
        accept=".xlsx,.xls"
        height="180px"
        iconSize="48px"
        inputTestId="import-file"
        nameTestId="import-file-name"
        dropTestId="import-drop"
      />
      <Box textAlign="center" mt="3" fontSize="xs" color="#606266">
        <Checkbox.Root size="sm" checked={updateSupport} onCheckedChange={(d) => setUpdateSupport(!!d.checked)}>
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label fontWeight="normal" fontSize="xs">
            是否更新已经存在的用户数据
          </Checkbox.Label>
        </Checkbox.Root>
        <Text mt="1">
          仅允许导入xls、xlsx格式文件。
          <Link color="brand.solid" fontSize="xs" onClick={() => void template()} textDecoration="underline">
            下载模板
          </Link>
        </Text>
      </Box>
    </FormDialog>
  );
}
