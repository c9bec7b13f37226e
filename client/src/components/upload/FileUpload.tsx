/**
 * File uploader with the list of uploaded files (platform spec §5 "File upload", §8 upload
 * errors; RuoYi FileUpload). Posts each picked file to /common/uploadFile.
 *
 * Props:
 * - `value?: string | null`: comma-joined urls; `onChange(value: string, uploaded?)` (after an
 *   upload, the files just added with their original names).
 * - `fileNames?: Record<string, string>`: the name shown for a url (default: the url's last part).
 * - `limit?: number` (5; 上传文件数量不能超过 N 个!), `fileSize?: number` (100 MB, 0 = none),
 *   `fileType?: string[]` (the spec §5 extension list; 文件格式不正确, 请上传…格式文件!).
 * - `isShowTip?: boolean` (true), `disabled?: boolean`, `action?: string` ('/common/uploadFile'),
 *   `buttonText?: string` ('选取文件').
 *
 * Errors: size 上传文件大小不能超过 N MB!; a reply code other than 200 shows the server msg and
 * the file is not added; no reply → 上传文件失败，请重试. Each listed file downloads the stored file
 * (fetched with the bearer header, no token in the link) and has 删除.
 */
import { Box, Button, Flex, Link, Stack, Text } from '@chakra-ui/react';
import { Icon } from '../Icon';
import {
  acceptOf, checkFile, DEFAULT_FILE_SIZE, DEFAULT_LIMIT, FILE_TYPES, fileNameOf, servedUrl,
  UPLOAD_MESSAGES,
} from './rules';
import { openServedFile } from './served-file';
import { FILE_UPLOAD_PATH } from './upload-request';
import { UploadTip } from './UploadTip';
import { useUploadList, type UploadedName } from './useUploadList';

export interface FileUploadProps {
  value?: string | null;
  onChange: (value: string, uploaded?: UploadedName[]) => void;
  fileNames?: Record<string, string>;
  limit?: number;
  fileSize?: number;
  fileType?: string[];
  isShowTip?: boolean;
  disabled?: boolean;
  action?: string;
  buttonText?: string;
}

export function FileUpload({
  value, onChange, fileNames, limit = DEFAULT_LIMIT, fileSize = DEFAULT_FILE_SIZE, fileType = FILE_TYPES, isShowTip = true,
  disabled = false, action = FILE_UPLOAD_PATH, buttonText = '选取文件',
}: FileUploadProps) {
  const { urls, busy, remove, openPicker, inputProps } = useUploadList({
    value, onChange, limit, action, check: (f) => checkFile(f, fileType, fileSize),
    uploadingText: UPLOAD_MESSAGES.fileUploading, failedText: UPLOAD_MESSAGES.fileFailed,
  });
  const full = limit > 0 && urls.length >= limit;
  const nameOf = (url: string) => fileNames?.[url] || fileNameOf(url);

  return (
    <Box data-testid="file-upload">
      {!disabled && (
        <Button size="xs" colorPalette="brand" loading={busy} disabled={full} onClick={openPicker} data-testid="file-upload-add">
          <Icon name="upload" />
          {buttonText}
        </Button>
      )}
      <input
        {...inputProps}
        accept={fileType.length ? acceptOf(fileType) : undefined}
        data-testid="file-upload-input"
      />
      {isShowTip && !disabled && <UploadTip fileSize={fileSize} fileType={fileType} />}
      {urls.length > 0 && (
        <Stack as="ul" gap="1" mt="2" listStyleType="none" data-testid="file-upload-list">
          {urls.map((url, i) => (
            <Flex as="li" key={`${url}-${i}`} align="center" justify="space-between" gap="3" px="2" py="1" borderWidth="1px" borderRadius="sm" fontSize="sm">
              <Link
                href={servedUrl(url).url}
                target="_blank"
                rel="noreferrer"
                color="brand.fg"
                truncate
                onClick={(e) => {
                  e.preventDefault();
                  openServedFile(url);
                }}
              >
                <Icon name="document" />
                {nameOf(url)}
              </Link>
              {!disabled && (
                <Text as="button" color="red.500" flexShrink={0} onClick={() => remove(i)} aria-label={`删除 ${nameOf(url)}`}>
                  删除
                </Text>
              )}
            </Flex>
          ))}
        </Stack>
      )}
    </Box>
  );
}
