/**
 * The 确 定 of an add/edit dialog (RuoYi `submitForm`): `add.mutate(addBody)` when `isAdd`, else
 * `update.mutate(updateBody)`; on success 新增成功 / 修改成功 (platform spec §8 success messages),
 * then `onSaved()` (the caller closes the dialog and reloads its list). A refused save shows the
 * server's message through the global mutation error handler and keeps the dialog open.
 */
import { MSG } from '../feedback/messages';
import { msgSuccess } from '../../lib/modal/toaster';

/** What `useMutation` returns, as far as a save needs it. */
export interface Mutator<V> {
  mutate(variables: V, options: { onSuccess: () => void }): void;
}

export function saveForm<A, U>(isAdd: boolean, add: Mutator<A>, update: Mutator<U>, addBody: A, updateBody: U, onSaved: () => void): void {
  const done = (msg: string) => () => {
    msgSuccess(msg);
    onSaved();
  };
  if (isAdd) add.mutate(addBody, { onSuccess: done(MSG.add) });
  else update.mutate(updateBody, { onSuccess: done(MSG.update) });
}
