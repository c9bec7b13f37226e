/**
 * Hidden routes that are not in the server's menu tree (platform spec §2 "Routes guarded by
 * permission", workflow spec §2 "Hidden workflow routes"). `digits` names params that must be
 * digits only; `permissions` are checked any-of with checkPermi (missing → /401).
 */
export interface ConstantRoute {
  path: string;
  component: string;
  title: string;
  /** Menu highlighted in the sidebar while this route is shown. */
  activeMenu?: string;
  permissions?: string[];
  digits?: string[];
  noCache?: boolean;
}

export const CONSTANT_ROUTES: ConstantRoute[] = [
  { path: '/user/profile', component: 'system/user/profile/index', title: '个人中心', activeMenu: '/index' },
  {
    path: '/system/user-auth/role/:userId',
    component: 'system/user/authRole',
    title: '分配角色',
    activeMenu: '/system/user',
    permissions: ['system:user:edit'],
    digits: ['userId'],
  },
  {
    path: '/system/role-auth/user/:roleId',
    component: 'system/role/authUser',
    title: '分配用户',
    activeMenu: '/system/role',
    permissions: ['system:role:edit'],
    digits: ['roleId'],
  },
  {
    path: '/system/dict-data/index/:dictId',
    component: 'system/dict/data',
    title: '字典数据',
    activeMenu: '/system/dict',
    permissions: ['system:dict:list'],
    digits: ['dictId'],
  },
  {
    path: '/monitor/job-log/index/:jobId',
    component: 'monitor/job/log',
    title: '调度日志',
    activeMenu: '/monitor/job',
    permissions: ['monitor:job:list'],
    digits: ['jobId'],
  },
  {
    path: '/tool/gen-edit/index/:tableId',
    component: 'tool/gen/editTable',
    title: '修改生成配置',
    activeMenu: '/tool/gen',
    permissions: ['tool:gen:edit'],
    digits: ['tableId'],
  },
  { path: '/flowable/definition/model', component: 'flowable/definition/model', title: '流程设计', activeMenu: '/flowable/definition', noCache: true },
  { path: '/flowable/task/todo/detail/index', component: 'flowable/task/todo/detail/index', title: '流程处理', activeMenu: '/task/todo', noCache: true },
  { path: '/flowable/task/finished/detail/index', component: 'flowable/task/finished/detail/index', title: '流程详情', activeMenu: '/task/finished', noCache: true },
  { path: '/flowable/task/myProcess/detail/index', component: 'flowable/task/myProcess/detail/index', title: '流程详情', activeMenu: '/task/process', noCache: true },
  { path: '/flowable/task/copy/detail/index', component: 'flowable/task/copy/detail/index', title: '抄送详情', activeMenu: '/task/copy', noCache: true },
  { path: '/flowable/task/myProcess/send/index', component: 'flowable/task/myProcess/send/index', title: '发起流程', activeMenu: '/task/process', noCache: true },
  { path: '/flowable/task/record/index', component: 'flowable/task/record/index', title: '流程记录', noCache: true },
  // The designer opened from 表单配置 (新增 / 修改): titled 表单设计 so its tag is not a second 表单配置 (issue 40 §9).
  { path: '/flowable/build/index', component: 'tool/build/index', title: '表单设计', activeMenu: '/flowable/form', noCache: true },
  { path: '/tool/build/index', component: 'tool/build/index', title: '表单设计', activeMenu: '/flowable/form', noCache: true },
];
