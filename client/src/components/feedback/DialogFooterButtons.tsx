/**
 * The 确 定 / 取 消 pair of a form dialog's footer (RuoYi `<el-button type="primary">确 定</el-button>
 * <el-button>取 消</el-button>`), to put inside `Dialog.Footer`.
 *
 * - `onConfirm`: 确 定 (brand, small); `loading` shows its spinner, `disabled` greys it out.
 * - `onCancel`: 取 消 (outline, small).
 */
import { Button } from '@chakra-ui/react';

export interface DialogFooterButtonsProps {
  onConfirm: () => void;
  onCancel: () => void;
  loading?: boolean;
  disabled?: boolean;
}

export function DialogFooterButtons({ onConfirm, onCancel, loading, disabled }: DialogFooterButtonsProps) {
  return (
    <>
      <Button size="sm" colorPalette="brand" onClick={onConfirm} loading={loading} disabled={disabled}>
        确 定
      </Button>
      <Button size="sm" variant="outline" onClick={onCancel}>
        取 消
      </Button>
    </>
  );
}
