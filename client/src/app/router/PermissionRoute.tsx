/**
 * Guards a constant route (spec §2): params listed in `digits` must be digits only (else
 * /404) and the user needs one of `permissions` (checkPermi, else /401).
 */
import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import { checkPermi } from '../../lib/permission';
import { useUser } from '../../lib/stores/user-store';

export function PermissionRoute({
  permissions,
  digits,
  children,
}: {
  permissions?: string[];
  digits?: string[];
  children: ReactNode;
}) {
  const params = useParams();
  const { permissions: owned } = useUser();
  if (digits?.some((name) => !/^\d+$/.test(params[name] ?? ''))) return <Navigate to="/404" replace />;
  if (permissions?.length && !checkPermi(owned, permissions)) return <Navigate to="/401" replace />;
  return <>{children}</>;
}
