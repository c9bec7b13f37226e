/**
 * The tip under an uploader (platform spec §2 "Other": size and type hints; RuoYi
 * `请上传 大小不超过 <b>N MB</b> 格式为 <b>png/jpg/jpeg</b> 的文件`).
 * Props: `fileSize: number` (MB, 0 = no size part), `fileType: string[]` (empty = no type part).
 */
import { Text } from '@chakra-ui/react';

export function UploadTip({ fileSize, fileType }: { fileSize: number; fileType: string[] }) {
  return (
    <Text fontSize="xs" color="#606266" mt="1" data-testid="upload-tip">
      请上传
      {fileSize ? (
        <>
          {' '}大小不超过 <b style={{ color: '#f56c6c' }}>{fileSize} MB</b>
        </>
      ) : null}
      {fileType.length > 0 ? (
        <>
          {' '}格式为 <b style={{ color: '#f56c6c' }}>{fileType.join('/')}</b>
        </>
      ) : null}{' '}
      的文件
    </Text>
  );
}
