/**
 * `el-upload` of a stored form (reference §7: value = JSON text `[{name,url,fileType}]`; spec §3
 * fileSize/sizeUnit, accept, limit, buttonText, showTip; spec §4: the add button is hidden once
 * the count reaches the limit). list-type picture-card → ImageUpload, else FileUpload.
 */
import { Box, Text } from '@chakra-ui/react';
import { FileUpload } from '../../upload/FileUpload';
import { ImageUpload } from '../../upload/ImageUpload';
import { acceptToFileTypes, fileSizeMb, parseUploadValue, toUploadValue, uploadNames, uploadUrls } from '../upload-value';
import { numProp, type WidgetProps } from './types';

export function UploadWidget({ field, value, onChange, disabled }: WidgetProps) {
  const config = field.__config__;
  const limit = numProp(field, 'limit') ?? 0;
  const fileSize = fileSizeMb(config.fileSize, config.sizeUnit);
  const fileType = acceptToFileTypes(field.accept);
  const count = parseUploadValue(value).length;
  const full = limit > 0 && count >= limit;
  const common = {
    value: uploadUrls(value),
    onChange: (urls: string, uploaded?: { url: string; name: string }[]) => onChange(toUploadValue(urls, value, uploaded)),
    limit,
    fileSize,
    isShowTip: config.showTip === true,
    disabled,
  };
  if (disabled && count === 0) {
    return (
      <Text fontSize="sm" color="fg.muted" pt="1.5" data-testid={`upload-${field.__vModel__}`}>
        暂无附件
      </Text>
    );
  }
  if (field['list-type'] === 'picture-card') {
    return (
      <Box data-testid={`upload-${field.__vModel__}`}>
        <ImageUpload {...common} {...(fileType ? { fileType } : {})} tileSize="110px" />
      </Box>
    );
  }
  return (
    <Box data-testid={`upload-${field.__vModel__}`} css={full ? { '& [data-testid=file-upload-add]': { display: 'none' } } : undefined}>
      <FileUpload {...common} {...(fileType ? { fileType } : {})} fileNames={uploadNames(value)} buttonText={config.buttonText || '点击上传'} />
    </Box>
  );
}
