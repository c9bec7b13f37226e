/**
 * The single-file drop zone of the import dialogs (用户导入, 导入流程): a hidden file input,
 * the dashed "将文件拖到此处，或点击上传" area (click picks, drag-and-drop drops) and, once a
 * file is chosen, its name row with a 移除文件 button. The caller validates in `onPick`.
 */
import { Box, CloseButton, Flex, Text, chakra } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { Icon } from '../Icon';

export interface FileDropZoneProps {
  /** The chosen file (its name row shows when set). */
  file: File | null;
  /** Called with the picked or dropped file (undefined when none). */
  onPick: (file: File | undefined) => void;
  /** Called by the name row's 移除文件 button. */
  onRemove: () => void;
  /** The file input's accept list. */
  accept: string;
  /** Height of the drop area. */
  height: string;
  /** Font size of the upload icon. */
  iconSize: string;
  inputTestId: string;
  nameTestId: string;
  dropTestId?: string;
}

/** Hidden input + dashed drop area + chosen-file row of an import dialog. */
export function FileDropZone({ file, onPick, onRemove, accept, height, iconSize, inputTestId, nameTestId, dropTestId }: FileDropZoneProps) {
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <chakra.input
        ref={input}
        type="file"
        accept={accept}
        display="none"
        data-testid={inputTestId}
        onChange={(e) => {
          onPick(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <Flex
        direction="column"
        align="center"
        justify="center"
        h={height}
        borderWidth="1px"
        borderStyle="dashed"
        borderColor={over ? 'brand.solid' : 'gray.300'}
        bg={over ? 'brand.subtle' : 'white'}
        borderRadius="md"
        cursor="pointer"
        color="#606266"
        fontSize="sm"
        onClick={() => input.current?.click()}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          onPick(e.dataTransfer.files?.[0]);
        }}
        data-testid={dropTestId}
      >
        <Box fontSize={iconSize} color="gray.400" mb="2">
          <Icon name="upload" />
        </Box>
        <Text>
          将文件拖到此处，或
          <Text as="em" color="brand.solid" fontStyle="normal">
            点击上传
          </Text>
        </Text>
      </Flex>
      {file && (
        <Flex align="center" gap="2" mt="2" fontSize="sm" color="#606266" data-testid={nameTestId}>
          <Icon name="document" />
          <Text flex="1" truncate>
            {file.name}
          </Text>
          <CloseButton size="2xs" aria-label="移除文件" onClick={onRemove} />
        </Flex>
      )}
    </>
  );
}
