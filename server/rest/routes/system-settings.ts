/**
 * REST rows for depts, parks, posts, menus, dictionaries, config and notices (platform spec §7;
 * api-contract "System, monitor, common" and "Verbs": the spec's POST forms, with RuoYi's PUT /
 * DELETE forms as aliases of the same rows).
 */
import { idList, type HttpMethod, type RestRoute } from '../table';

const ids = (raw: Record<string, unknown>) => ({ ...raw, ids: idList(raw.ids) });
const put = (path: string) => [{ method: 'PUT' as HttpMethod, path }];
const del = (path: string) => [{ method: 'DELETE' as HttpMethod, path }];

/** The rows of one org tree (depts and parks share their forms). */
function treeRows(base: string, proc: string, idKey: string, extra: RestRoute[] = []): RestRoute[] {
  return [
    { method: 'GET', path: `${base}/list`, procedure: `${proc}.list`, input: ['query'], envelope: 'data' },
    ...extra,
    { method: 'GET', path: `${base}/treeselect`, procedure: `${proc}.treeselect`, input: ['query'], envelope: 'data' },
    { method: 'GET', path: `${base}/:${idKey}`, procedure: `${proc}.get`, input: ['params'], envelope: 'data' },
    { method: 'POST', path: base, procedure: `${proc}.add`, input: ['body'], envelope: 'data' },
    { method: 'POST', path: `${base}/update`, procedure: `${proc}.update`, input: ['body'], envelope: 'data', aliases: put(base) },
    { method: 'POST', path: `${base}/delete/:${idKey}`, procedure: `${proc}.remove`, input: ['params'], envelope: 'data', aliases: del(`${base}/:${idKey}`) },
  ];
}

/** List, get, add, update, delete and export of a paged entity. */
function tableRows(base: string, proc: string, idKey: string): RestRoute[] {
  return [
    { method: 'GET', path: `${base}/list`, procedure: `${proc}.list`, input: ['query'], envelope: 'table' },
    { method: 'POST', path: `${base}/export`, procedure: `${proc}.export`, input: ['query', 'body'], envelope: 'file' },
    { method: 'GET', path: `${base}/:${idKey}`, procedure: `${proc}.get`, input: ['params'], envelope: 'data' },
    { method: 'POST', path: base, procedure: `${proc}.add`, input: ['body'], envelope: 'data' },
    { method: 'POST', path: `${base}/update`, procedure: `${proc}.update`, input: ['body'], envelope: 'data', aliases: put(base) },
    { method: 'POST', path: `${base}/delete/:ids`, procedure: `${proc}.remove`, input: ['params'], mapInput: ids, envelope: 'data', aliases: del(`${base}/:ids`) },
  ];
}

export const systemSettingsRoutes: RestRoute[] = [
  ...treeRows('/system/dept', 'system.dept', 'deptId', [
    { method: 'GET', path: '/system/dept/list/exclude/:deptId', procedure: 'system.dept.listExclude', input: ['params'], envelope: 'data' },
  ]),
  ...treeRows('/system/park', 'system.park', 'parkId'),

  ...tableRows('/system/post', 'system.post', 'postId'),
  { method: 'GET', path: '/system/post/optionselect', procedure: 'system.post.optionselect', envelope: 'data' },

  { method: 'GET', path: '/system/menu/list', procedure: 'system.menu.list', input: ['query'], envelope: 'data' },
  { method: 'GET', path: '/system/menu/treeselect', procedure: 'system.menu.treeselect', input: ['query'], envelope: 'data' },
  { method: 'GET', path: '/system/menu/roleMenuTreeselect/:roleId', procedure: 'system.menu.roleMenuTreeselect', input: ['params'], envelope: 'ajax' },
  { method: 'GET', path: '/system/menu/:menuId', procedure: 'system.menu.get', input: ['params'], envelope: 'data' },
  { method: 'POST', path: '/system/menu', procedure: 'system.menu.add', input: ['body'], envelope: 'data' },
  { method: 'POST', path: '/system/menu/update', procedure: 'system.menu.update', input: ['body'], envelope: 'data', aliases: put('/system/menu') },
  { method: 'POST', path: '/system/menu/delete/:menuId', procedure: 'system.menu.remove', input: ['params'], envelope: 'data', aliases: del('/system/menu/:menuId') },

  ...tableRows('/system/dict/type', 'system.dict.type', 'dictId'),
  { method: 'GET', path: '/system/dict/type/optionselect', procedure: 'system.dict.type.optionselect', envelope: 'data' },
  { method: 'POST', path: '/system/dict/type/refreshCache', procedure: 'system.dict.type.refreshCache', envelope: 'data', aliases: del('/system/dict/type/refreshCache') },
  ...tableRows('/system/dict/data', 'system.dict.data', 'dictCode'),
  { method: 'GET', path: '/system/dict/data/type/:dictType', procedure: 'system.dict.data.byType', input: ['params'], envelope: 'data' },

  // Notices (issue 41 §5; RuoYi NoticeController): no export upstream.
  { method: 'GET', path: '/system/notice/list', procedure: 'system.notice.list', input: ['query'], envelope: 'table' },
  { method: 'GET', path: '/system/notice/:noticeId', procedure: 'system.notice.get', input: ['params'], envelope: 'data' },
  { method: 'POST', path: '/system/notice', procedure: 'system.notice.add', input: ['body'], envelope: 'data' },
  { method: 'POST', path: '/system/notice/update', procedure: 'system.notice.update', input: ['body'], envelope: 'data', aliases: put('/system/notice') },
  { method: 'POST', path: '/system/notice/delete/:ids', procedure: 'system.notice.remove', input: ['params'], mapInput: ids, envelope: 'data', aliases: del('/system/notice/:ids') },

  ...tableRows('/system/config', 'system.config', 'configId'),
  { method: 'GET', path: '/system/config/configKey/:configKey', procedure: 'system.config.configKey', input: ['params'], envelope: 'msg' },
  { method: 'POST', path: '/system/config/refreshCache', procedure: 'system.config.refreshCache', envelope: 'data', aliases: del('/system/config/refreshCache') },
];
