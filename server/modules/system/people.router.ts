/**
 * System routers for people and access: users, roles, profile (platform spec §7 Users, Roles).
 */
import { userRouter } from './user/user.router';

export const peopleRouters = {
  user: userRouter,
};
