/**
 * System routers for people and access: users, roles, profile (platform spec §7 Users, Roles).
 */
import { userRouter } from './user/user.router';
import { roleRouter } from './role/role.router';
import { profileRouter } from './profile/profile.router';

export const peopleRouters = {
  user: userRouter,
  role: roleRouter,
  profile: profileRouter,
};
