/**
 * User list filters (platform spec §7 Users, reference §2 `GET /system/user/list`).
 */
import { z } from 'zod';
import { pageInput } from '../common';

export const userListInput = pageInput.extend({
  userName: z.string().max(30).optional(),
  phonenumber: z.string().max(11).optional(),
  status: z.enum(['0', '1']).optional().or(z.literal('').transform(() => undefined)),
  deptId: z.coerce.number().int().positive().optional().or(z.literal('').transform(() => undefined)),
});
export type UserListInput = z.input<typeof userListInput>;
