/**
 * Parity cases of the dept, park, post, notice, menu, dictionary and config rows
 * (the REST metas of those procedures). Writes use inputs both calls answer alike: the same
 * edit twice, or a refusal (duplicate name, assigned entry, missing id). Exports answer a file
 * over REST, which the runner cannot read as JSON, so their case is the same bad-input error;
 * the files themselves are checked in posts/dicts/config tests.
 */
import { extras, settle, table, type ParityCase } from '../../helpers/parity';

/** The envelope as the procedure's outcome: data (or null) on success, `{error}` otherwise. */
const outcome = (e: Record<string, any>) => (e.code === 200 ? e.data ?? null : { error: e.msg });
const run = (p: Promise<unknown>) => settle(p).then((v) => v ?? null);

export const systemSettingsCases: Record<string, ParityCase> = {
  // depts
  'GET /system/dept/list': { url: '/system/dept/list?status=0&deptName=部', trpc: (c) => c.system.dept.list({ status: '0', deptName: '部' }), pick: outcome },
  'GET /system/dept/list/exclude/:deptId': { url: '/system/dept/list/exclude/101', trpc: (c) => c.system.dept.listExclude({ deptId: 101 }), pick: outcome },
  'GET /system/dept/treeselect': { url: '/system/dept/treeselect', trpc: (c) => c.system.dept.treeselect({}), pick: outcome },
  'GET /system/dept/:deptId': { url: '/system/dept/103', trpc: (c) => c.system.dept.get({ deptId: 103 }), pick: outcome },
  'POST /system/dept': {
    url: '/system/dept', body: { parentId: 101, deptName: '研发部门', orderNum: 1 },
    trpc: (c) => run(c.system.dept.add({ parentId: 101, deptName: '研发部门', orderNum: 1 })), pick: outcome,
  },
  'POST /system/dept/update': {
    url: '/system/dept/update', body: { deptId: 109, parentId: 102, deptName: '财务部门', orderNum: 2 },
    trpc: (c) => run(c.system.dept.update({ deptId: 109, parentId: 102, deptName: '财务部门', orderNum: 2 })), pick: outcome,
  },
  'POST /system/dept/delete/:deptId': { url: '/system/dept/delete/101', trpc: (c) => run(c.system.dept.remove({ deptId: 101 })), pick: outcome },

  // parks (none seeded)
  'GET /system/park/list': { url: '/system/park/list', trpc: (c) => c.system.park.list({}), pick: outcome },
  'GET /system/park/treeselect': { url: '/system/park/treeselect?status=0', trpc: (c) => c.system.park.treeselect({ status: '0' }), pick: outcome },
  'GET /system/park/:parkId': { url: '/system/park/1', trpc: (c) => c.system.park.get({ parkId: 1 }), pick: outcome },
  'POST /system/park': {
    url: '/system/park', body: { parentId: 9999, parkName: '园', orderNum: 1 },
    trpc: (c) => run(c.system.park.add({ parentId: 9999, parkName: '园', orderNum: 1 })), pick: outcome,
  },
  'POST /system/park/update': {
    url: '/system/park/update', body: { parkId: 9999, parentId: 0, parkName: '园', orderNum: 1 },
    trpc: (c) => run(c.system.park.update({ parkId: 9999, parentId: 0, parkName: '园', orderNum: 1 })), pick: outcome,
  },
  'POST /system/park/delete/:parkId': { url: '/system/park/delete/9999', trpc: (c) => run(c.system.park.remove({ parkId: 9999 })), pick: outcome },

  // posts
  'GET /system/post/list': { url: '/system/post/list?pageNum=1&pageSize=2&status=0', trpc: (c) => c.system.post.list({ pageNum: 1, pageSize: 2, status: '0' }), pick: table },
  'POST /system/post/export': { url: '/system/post/export', body: { status: '9' }, trpc: (c) => run(c.system.post.export({ status: '9' as '0' })), pick: outcome },
  'GET /system/post/:postId': { url: '/system/post/3', trpc: (c) => c.system.post.get({ postId: 3 }), pick: outcome },
  'POST /system/post': {
    url: '/system/post', body: { postCode: 'x9', postName: '董事长', postSort: 9 },
    trpc: (c) => run(c.system.post.add({ postCode: 'x9', postName: '董事长', postSort: 9 })), pick: outcome,
  },
  'POST /system/post/update': {
    url: '/system/post/update', body: { postId: 3, postCode: 'hr', postName: '人力资源', postSort: 3 },
    trpc: (c) => run(c.system.post.update({ postId: 3, postCode: 'hr', postName: '人力资源', postSort: 3 })), pick: outcome,
  },
  'POST /system/post/delete/:ids': { url: '/system/post/delete/1,2', trpc: (c) => run(c.system.post.remove({ ids: [1, 2] })), pick: outcome },
  'GET /system/post/optionselect': { url: '/system/post/optionselect', trpc: (c) => c.system.post.optionselect(), pick: outcome },

  // notices (issue 41 §5)
  'GET /system/notice/list': { url: '/system/notice/list?pageNum=1&pageSize=1&noticeType=1', trpc: (c) => c.system.notice.list({ pageNum: 1, pageSize: 1, noticeType: '1' }), pick: table },
  'GET /system/notice/:noticeId': { url: '/system/notice/1', trpc: (c) => c.system.notice.get({ noticeId: 1 }), pick: outcome },
  'POST /system/notice': {
    url: '/system/notice', body: { noticeTitle: '', noticeType: '1' },
    trpc: (c) => run(c.system.notice.add({ noticeTitle: '', noticeType: '1' })), pick: outcome,
  },
  'POST /system/notice/update': {
    url: '/system/notice/update', body: { noticeId: 9999, noticeTitle: '无', noticeType: '1' },
    trpc: (c) => run(c.system.notice.update({ noticeId: 9999, noticeTitle: '无', noticeType: '1' })), pick: outcome,
  },
  'POST /system/notice/delete/:ids': { url: '/system/notice/delete/9998,9999', trpc: (c) => run(c.system.notice.remove({ ids: [9998, 9999] })), pick: outcome },

  // menus
  'GET /system/menu/list': { url: '/system/menu/list?menuName=用户', trpc: (c) => c.system.menu.list({ menuName: '用户' }), pick: outcome },
  'GET /system/menu/treeselect': { url: '/system/menu/treeselect', trpc: (c) => c.system.menu.treeselect({}), pick: outcome },
  'GET /system/menu/roleMenuTreeselect/:roleId': { url: '/system/menu/roleMenuTreeselect/2', trpc: (c) => c.system.menu.roleMenuTreeselect({ roleId: 2 }), pick: extras },
  'GET /system/menu/:menuId': { url: '/system/menu/102', trpc: (c) => c.system.menu.get({ menuId: 102 }), pick: outcome },
  'POST /system/menu': {
    url: '/system/menu', body: { parentId: 0, menuName: '系统管理', orderNum: 1, menuType: 'M', path: 'system' },
    trpc: (c) => run(c.system.menu.add({ parentId: 0, menuName: '系统管理', orderNum: 1, menuType: 'M', path: 'system' })), pick: outcome,
  },
  'POST /system/menu/update': {
    url: '/system/menu/update', body: { menuId: 3, parentId: 3, menuName: '系统工具', orderNum: 3, menuType: 'M' },
    trpc: (c) => run(c.system.menu.update({ menuId: 3, parentId: 3, menuName: '系统工具', orderNum: 3, menuType: 'M' })), pick: outcome,
  },
  'POST /system/menu/delete/:menuId': { url: '/system/menu/delete/1', trpc: (c) => run(c.system.menu.remove({ menuId: 1 })), pick: outcome },

  // dictionary types
  'GET /system/dict/type/list': { url: '/system/dict/type/list?pageSize=3&dictName=系统', trpc: (c) => c.system.dict.type.list({ pageSize: 3, dictName: '系统' }), pick: table },
  'POST /system/dict/type/export': { url: '/system/dict/type/export', body: { status: '7' }, trpc: (c) => run(c.system.dict.type.export({ status: '7' as '0' })), pick: outcome },
  'GET /system/dict/type/:dictId': { url: '/system/dict/type/1', trpc: (c) => c.system.dict.type.get({ dictId: 1 }), pick: outcome },
  'POST /system/dict/type': {
    url: '/system/dict/type', body: { dictName: '性别', dictType: 'sys_user_sex' },
    trpc: (c) => run(c.system.dict.type.add({ dictName: '性别', dictType: 'sys_user_sex' })), pick: outcome,
  },
  'POST /system/dict/type/update': {
    url: '/system/dict/type/update', body: { dictId: 1, dictName: '用户性别', dictType: 'sys_yes_no' },
    trpc: (c) => run(c.system.dict.type.update({ dictId: 1, dictName: '用户性别', dictType: 'sys_yes_no' })), pick: outcome,
  },
  'POST /system/dict/type/delete/:ids': { url: '/system/dict/type/delete/1', trpc: (c) => run(c.system.dict.type.remove({ ids: [1] })), pick: outcome },
  'GET /system/dict/type/optionselect': { url: '/system/dict/type/optionselect', trpc: (c) => c.system.dict.type.optionselect(), pick: outcome },
  'POST /system/dict/type/refreshCache': { url: '/system/dict/type/refreshCache', trpc: (c) => run(c.system.dict.type.refreshCache()), pick: outcome },

  // dictionary data
  'GET /system/dict/data/list': { url: '/system/dict/data/list?dictType=sys_oper_type&pageSize=4', trpc: (c) => c.system.dict.data.list({ dictType: 'sys_oper_type', pageSize: 4 }), pick: table },
  'POST /system/dict/data/export': { url: '/system/dict/data/export', body: { status: 'x' }, trpc: (c) => run(c.system.dict.data.export({ status: 'x' as '0' })), pick: outcome },
  'GET /system/dict/data/:dictCode': { url: '/system/dict/data/1', trpc: (c) => c.system.dict.data.get({ dictCode: 1 }), pick: outcome },
  'POST /system/dict/data': {
    url: '/system/dict/data', body: { dictType: 'sys_yes_no', dictLabel: '', dictValue: 'X', dictSort: 3 },
    trpc: (c) => run(c.system.dict.data.add({ dictType: 'sys_yes_no', dictLabel: '', dictValue: 'X', dictSort: 3 })), pick: outcome,
  },
  'POST /system/dict/data/update': {
    url: '/system/dict/data/update', body: { dictCode: 99999, dictType: 'sys_yes_no', dictLabel: '是', dictValue: 'Y', dictSort: 1 },
    trpc: (c) => run(c.system.dict.data.update({ dictCode: 99999, dictType: 'sys_yes_no', dictLabel: '是', dictValue: 'Y', dictSort: 1 })), pick: outcome,
  },
  'POST /system/dict/data/delete/:ids': { url: '/system/dict/data/delete/99999', trpc: (c) => run(c.system.dict.data.remove({ ids: [99999] })), pick: outcome },
  'GET /system/dict/data/type/:dictType': { url: '/system/dict/data/type/sys_normal_disable', trpc: (c) => c.system.dict.data.byType({ dictType: 'sys_normal_disable' }), pick: outcome },

  // config
  'GET /system/config/list': { url: '/system/config/list?configType=Y&pageSize=3', trpc: (c) => c.system.config.list({ configType: 'Y', pageSize: 3 }), pick: table },
  'POST /system/config/export': { url: '/system/config/export', body: { configType: 'Z' }, trpc: (c) => run(c.system.config.export({ configType: 'Z' as 'Y' })), pick: outcome },
  'GET /system/config/:configId': { url: '/system/config/2', trpc: (c) => c.system.config.get({ configId: 2 }), pick: outcome },
  'POST /system/config': {
    url: '/system/config', body: { configName: '重复', configKey: 'sys.user.initPassword', configValue: '1' },
    trpc: (c) => run(c.system.config.add({ configName: '重复', configKey: 'sys.user.initPassword', configValue: '1' })), pick: outcome,
  },
  'POST /system/config/update': {
    url: '/system/config/update', body: { configId: 1, configName: '皮肤', configKey: 'sys.user.initPassword', configValue: '1' },
    trpc: (c) => run(c.system.config.update({ configId: 1, configName: '皮肤', configKey: 'sys.user.initPassword', configValue: '1' })), pick: outcome,
  },
  'POST /system/config/delete/:ids': { url: '/system/config/delete/1', trpc: (c) => run(c.system.config.remove({ ids: [1] })), pick: outcome },
  'GET /system/config/configKey/:configKey': {
    url: '/system/config/configKey/sys.index.sideTheme', trpc: (c) => c.system.config.configKey({ configKey: 'sys.index.sideTheme' }), pick: (e) => e.msg,
  },
  'POST /system/config/refreshCache': { url: '/system/config/refreshCache', trpc: (c) => run(c.system.config.refreshCache()), pick: outcome },
};
