/**
 * The line above the canvas that says what 保存 will do (issue 40 §9: 表单构建 reopened the last
 * edited form as a new draft, so saving made a duplicate):
 * - editing a stored form (`formName` given): 正在修改表单「…」，保存将更新该表单;
 * - a new form restored from the local draft (`restored`): 已恢复上次未保存的新表单草稿，保存将新建表单,
 *   with 新建空白表单 (`onDiscard`, empties the canvas) and ✕ (`onClose`, hides the line).
 * Nothing otherwise (nor while the stored form's name loads). Test id: `designer-draft-notice`.
 */
import { Button, CloseButton, Flex, Text } from '@chakra-ui/react';

export interface DraftNoticeProps {
  /** The stored form being edited (its name, '' while loading), or undefined for a new form. */
  formName?: string;
  restored: boolean;
  onDiscard: () => void;
  onClose: () => void;
}

/** See the file comment. */
export function DraftNotice({ formName, restored, onDiscard, onClose }: DraftNoticeProps) {
  if ((formName === undefined && !restored) || formName === '') return null;
  const text = formName !== undefined ? `正在修改表单「${formName}」，保存将更新该表单` : '已恢复上次未保存的新表单草稿，保存将新建表单';
  return (
    <Flex align="center" gap="2" px="3" py="1" minH="32px" bg="#f4f4f5" borderBottom="1px solid" borderColor="border" fontSize="xs" color="#606266"
      flexShrink={0} data-testid="designer-draft-notice">
      <Text flex="1" minW="0" truncate title={text}>{text}</Text>
      {formName === undefined && (
        <>
          <Button size="2xs" variant="outline" onClick={onDiscard} data-testid="designer-draft-discard">
            新建空白表单
          </Button>
          <CloseButton size="2xs" aria-label="关闭提示" onClick={onClose} />
        </>
      )}
    </Flex>
  );
}
