/**
 * Permission gates (platform spec §5, §6): <HasPermi value={['system:user:add']}> and
 * <HasRole value={['admin']}> render their children only when the user qualifies (any-of by
 * default, all-of with mode="all"); usePermi() gives the same checks to code.
 * An empty value throws 请设置操作权限标签值 / 请设置角色权限标签值.
 */
import type { ReactNode } from 'react';
import { useUser } from '../lib/stores/user-store';
import { checkPermi, checkRole } from '../lib/permission';

type Mode = 'any' | 'all';

interface GateProps {
  value: string[];
  mode?: Mode;
  children: ReactNode;
  /** Rendered when the check fails (nothing by default). */
  fallback?: ReactNode;
}

/** The current user's permission and role checks. */
export function usePermi() {
  const { permissions, roles } = useUser();
  return {
    permissions,
    roles,
    hasPermi: (value: string[], mode: Mode = 'any') => checkPermi(permissions, value, mode),
    hasRole: (value: string[], mode: Mode = 'any') => checkRole(roles, value, mode),
  };
}

/** Shows children when the user has the permissions in `value`. */
export function HasPermi({ value, mode = 'any', children, fallback = null }: GateProps) {
  const { hasPermi } = usePermi();
  return <>{hasPermi(value, mode) ? children : fallback}</>;
}

/** Shows children when the user has the roles in `value`. */
export function HasRole({ value, mode = 'any', children, fallback = null }: GateProps) {
  const { hasRole } = usePermi();
  return <>{hasRole(value, mode) ? children : fallback}</>;
}
