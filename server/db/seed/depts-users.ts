/**
 * Seed of the organisation: depts 100-109, posts 1-4, roles 1-2, users 1 `admin` / 2 `ry`, and
 * their links (user↔role, user↔post, role 2's custom data-scope depts).
 * Source: reference/ruoyi-flowable.md §3 "Seed data" (RuoYi `sql/ry_20240629.sql`).
 * Rows carry their reference ids and are inserted with ON CONFLICT DO NOTHING.
 */
import { sysDept, sysPost, sysRole, sysRoleDept, sysUser, sysUserPost, sysUserRole } from '../schema';
import { SEED_CREATE_BY, type SeedTx } from './types';

/** BCrypt (cost 10) hash of `admin123`, the password of both seed users (reference §1). */
export const SEED_ADMIN_PASSWORD_HASH = '$2a$10$7JB720yubVSZvUI0rEqK/.VqGOZTH.ulu33dHOiBE8ByOhJIrdAu2';

interface DeptSeed {
  deptId: number;
  parentId: number;
  ancestors: string;
  deptName: string;
  orderNum: number;
}

/** Dept tree: 100 root → 101 / 102; 103-107 under 101; 108-109 under 102. */
export const SEED_DEPTS: readonly DeptSeed[] = [
  { deptId: 100, parentId: 0, ancestors: '0', deptName: '若依科技', orderNum: 0 },
  { deptId: 101, parentId: 100, ancestors: '0,100', deptName: '深圳总公司', orderNum: 1 },
  { deptId: 102, parentId: 100, ancestors: '0,100', deptName: '长沙分公司', orderNum: 2 },
  { deptId: 103, parentId: 101, ancestors: '0,100,101', deptName: '研发部门', orderNum: 1 },
  { deptId: 104, parentId: 101, ancestors: '0,100,101', deptName: '市场部门', orderNum: 2 },
  { deptId: 105, parentId: 101, ancestors: '0,100,101', deptName: '测试部门', orderNum: 3 },
  { deptId: 106, parentId: 101, ancestors: '0,100,101', deptName: '财务部门', orderNum: 4 },
  { deptId: 107, parentId: 101, ancestors: '0,100,101', deptName: '运维部门', orderNum: 5 },
  { deptId: 108, parentId: 102, ancestors: '0,100,102', deptName: '市场部门', orderNum: 1 },
  { deptId: 109, parentId: 102, ancestors: '0,100,102', deptName: '财务部门', orderNum: 2 },
];

export const SEED_POSTS = [
  { postId: 1, postCode: 'ceo', postName: '董事长', postSort: 1 },
  { postId: 2, postCode: 'se', postName: '项目经理', postSort: 2 },
  { postId: 3, postCode: 'hr', postName: '人力资源', postSort: 3 },
  { postId: 4, postCode: 'user', postName: '普通员工', postSort: 4 },
] as const;

/** Role 1 is the super admin (all data, all menus implicitly); role 2 uses custom dept scope. */
export const SEED_ROLES = [
  { roleId: 1, roleName: '超级管理员', roleKey: 'admin', roleSort: 1, dataScope: '1', remark: '超级管理员' },
  { roleId: 2, roleName: '普通角色', roleKey: 'common', roleSort: 2, dataScope: '2', remark: '普通角色' },
] as const;

/** Depts of role 2's custom data scope (sys_role_dept). */
export const SEED_ROLE2_DEPT_IDS = [100, 101, 105] as const;

export const SEED_USERS = [
  {
    userId: 1, deptId: 103, userName: 'admin', nickName: '若依', email: 'ry@163.com',
    phonenumber: '15888888888', sex: '1', remark: '管理员', roleId: 1, postId: 1,
  },
  {
    // Not upstream (issue 40 §8): upstream names both users 若依, so records read 若依,若依.
    userId: 2, deptId: 105, userName: 'ry', nickName: '测试员', email: 'ry@qq.com',
    phonenumber: '15666666666', sex: '1', remark: '测试员', roleId: 2, postId: 2,
  },
] as const;

/** Inserts depts, posts, roles, users and the user/role/post/dept links (ids fixed). */
export async function seedDeptsAndUsers(tx: SeedTx, now: string): Promise<void> {
  const audit = { createBy: SEED_CREATE_BY, createTime: now };

  await tx.insert(sysDept)
    .values(SEED_DEPTS.map((d) => ({
      ...d, leader: '若依', phone: '15888888888', email: 'ry@qq.com', status: '0', delFlag: '0', ...audit,
    })))
    .onConflictDoNothing();

  await tx.insert(sysPost)
    .values(SEED_POSTS.map((p) => ({ ...p, status: '0', remark: '', ...audit })))
    .onConflictDoNothing();

  await tx.insert(sysRole)
    .values(SEED_ROLES.map((r) => ({
      ...r, menuCheckStrictly: true, deptCheckStrictly: true, status: '0', delFlag: '0', ...audit,
    })))
    .onConflictDoNothing();

  await tx.insert(sysUser)
    .values(SEED_USERS.map(({ roleId: _r, postId: _p, ...u }) => ({
      ...u, userType: '00', avatar: '', password: SEED_ADMIN_PASSWORD_HASH, status: '0', delFlag: '0', ...audit,
    })))
    .onConflictDoNothing();

  await tx.insert(sysUserRole)
    .values(SEED_USERS.map((u) => ({ userId: u.userId, roleId: u.roleId })))
    .onConflictDoNothing();

  await tx.insert(sysUserPost)
    .values(SEED_USERS.map((u) => ({ userId: u.userId, postId: u.postId })))
    .onConflictDoNothing();

  await tx.insert(sysRoleDept)
    .values(SEED_ROLE2_DEPT_IDS.map((deptId) => ({ roleId: 2, deptId })))
    .onConflictDoNothing();
}
