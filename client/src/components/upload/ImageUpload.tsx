/**
 * Image uploader with a preview grid (platform spec §2 "Other", §4 "Upload list", §5 "Image
 * upload", §8 upload errors; RuoYi ImageUpload). Posts each picked file to /common/upload.
 *
 * Props:
 * - `value?: string | null`: comma-joined urls; `onChange(value: string)` with the new list.
 * - `limit?: number` (5): the add tile is hidden once reached; picking past it shows
 *   上传文件数量不能超过 N 个!.
 * - `fileSize?: number` (100, MB, 0 = none), `fileType?: string[]` (png/jpg/jpeg).
 * - `isShowTip?: boolean` (true): 请上传 大小不超过 N MB 格式为 png/jpg/jpeg 的文件.
 * - `disabled?: boolean` (no add tile, no delete), `action?: string` ('/common/upload'),
 *   `tileSize?: string` ('148px').
 *
 * Errors: format/size texts of rules.ts; a reply code other than 200 shows the server msg and
 * the file is not added; no reply → 上传图片失败，请重试. A loading mask covers the upload.
 */
import { Box, Flex, IconButton, Text, chakra } from '@chakra-ui/react';
import { useState } from 'react';
import { AppDialog } from '../feedback/AppDialog';
import { Icon } from '../Icon';
import {
  acceptOf, checkImage, DEFAULT_FILE_SIZE, DEFAULT_LIMIT, IMAGE_TYPES, UPLOAD_MESSAGES,
} from './rules';
import { ServedImage } from './served-file';
import { IMAGE_UPLOAD_PATH } from './upload-request';
import { UploadTip } from './UploadTip';
import { useUploadList } from './useUploadList';

export interface ImageUploadProps {
  value?: string | null;
  onChange: (value: string) => void;
  limit?: number;
  fileSize?: number;
  fileType?: string[];
  isShowTip?: boolean;
  disabled?: boolean;
  action?: string;
  tileSize?: string;
}

export function ImageUpload({
  value, onChange, limit = DEFAULT_LIMIT, fileSize = DEFAULT_FILE_SIZE, fileType = IMAGE_TYPES, isShowTip = true,
  disabled = false, action = IMAGE_UPLOAD_PATH, tileSize = '148px',
}: ImageUploadProps) {
  const { urls, busy, remove, openPicker, inputProps } = useUploadList({
    value, onChange, limit, action, check: (f) => checkImage(f, fileType, fileSize),
    uploadingText: UPLOAD_MESSAGES.imageUploading, failedText: UPLOAD_MESSAGES.imageFailed,
  });
  const [preview, setPreview] = useState<string | null>(null);
  const showAdd = !disabled && (limit <= 0 || urls.length < limit);

  return (
    <Box data-testid="image-upload">
      <Flex gap="2" wrap="wrap">
        {urls.map((url, i) => (
          <Box
            key={`${url}-${i}`}
            position="relative"
            w={tileSize}
            h={tileSize}
            borderWidth="1px"
            borderRadius="md"
            overflow="hidden"
            className="group"
            data-testid="image-upload-item"
          >
            <ServedImage src={url} alt={`图片${i + 1}`} w="full" h="full" objectFit="cover" />
            <Flex
              position="absolute"
              inset="0"
              bg="blackAlpha.600"
              align="center"
              justify="center"
              gap="2"
              opacity="0"
              _groupHover={{ opacity: 1 }}
              _focusWithin={{ opacity: 1 }}
              transition="opacity .2s"
            >
              <IconButton aria-label="预览" size="xs" variant="ghost" color="white" onClick={() => setPreview(url)}>
                <Icon name="eye" />
              </IconButton>
              {!disabled && (
                <IconButton aria-label="删除" size="xs" variant="ghost" color="white" onClick={() => remove(i)}>
                  <Icon name="delete" />
                </IconButton>
              )}
            </Flex>
          </Box>
        ))}
        {showAdd && (
          <chakra.button
            type="button"
            aria-label="上传图片"
            w={tileSize}
            h={tileSize}
            borderWidth="1px"
            borderStyle="dashed"
            borderRadius="md"
            bg="#fbfdff"
            color="#8c939d"
            fontSize="28px"
            display="flex"
            alignItems="center"
            justifyContent="center"
            _hover={{ borderColor: 'brand.solid', color: 'brand.solid' }}
            disabled={busy}
            onClick={openPicker}
            data-testid="image-upload-add"
          >
            {busy ? <Text fontSize="sm">上传中...</Text> : <Icon name="plus" />}
          </chakra.button>
        )}
      </Flex>
      <input
        {...inputProps}
        accept={fileType.length ? acceptOf(fileType) : 'image/*'}
        data-testid="image-upload-input"
      />
      {isShowTip && !disabled && <UploadTip fileSize={fileSize} fileType={fileType} />}
      <AppDialog open={preview !== null} title="预览" width="800px" placement="center" onClose={() => setPreview(null)} footer={null} closeOnBackdrop>
        {preview && <ServedImage src={preview} alt="预览" mx="auto" maxW="100%" />}
      </AppDialog>
    </Box>
  );
}
