/**
 * The 状态 switch of a list row (RuoYi handleStatusChange on 角色管理 / 用户管理): the switch moves
 * at once, 确认要"启用|停用""name"{noun}吗？ is asked, then the change is saved; on success
 * 启用成功 / 停用成功 and the list is refetched before the switch follows the row again; on
 * cancel or error it goes back.
 */
import { useState } from 'react';
import { confirmWarning } from '../feedback/actions';
import { msgSuccess } from '../../lib/modal/toaster';

/** Callbacks the save gets: `onSuccess` (message, refetch, release) and `onError` (release). */
export interface StatusSaveCallbacks {
  onSuccess: () => void;
  onError: () => void;
}

/**
 * `isOn(id, status)` is the shown switch position; `toggle(id, name, on, save)` runs the flow
 * above, `save(status, callbacks)` being the mutation call. `refetch` reloads the list.
 */
export function useStatusSwitch(noun: string, refetch: () => Promise<unknown>) {
  const [override, setOverride] = useState<Record<number, string>>({});
  return {
    isOn: (id: number, status: string | null | undefined) => (override[id] ?? status) === '0',
    toggle: async (id: number, name: string, on: boolean, save: (status: '0' | '1', cb: StatusSaveCallbacks) => void) => {
      const status = on ? '0' : '1';
      const text = on ? '启用' : '停用';
      setOverride((s) => ({ ...s, [id]: status }));
      const drop = () =>
        setOverride((s) => {
          const { [id]: _gone, ...rest } = s;
          return rest;
        });
      if (!(await confirmWarning(`确认要"${text}""${name}"${noun}吗？`))) {
        drop();
        return;
      }
      save(status, {
        onSuccess: () => {
          msgSuccess(`${text}成功`);
          void refetch().then(drop);
        },
        onError: drop,
      });
    },
  };
}
