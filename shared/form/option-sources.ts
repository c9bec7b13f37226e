/**
 * Where a choice field's dynamic options may come from (issue 38 §1). A stored form is rendered in
 * other people's browsers with their token, so its `__config__.url` / `method` are read-only
 * lookups: method GET only, and only one of the option sources below — REST rows that merely read
 * (dictionaries, users, depts, parks, posts, menus, roles). Anything else is refused when a form is stored
 * (server/modules/flowable/library/library.service.ts) and never fetched by the client
 * (client/src/components/form-render/dynamic-options.ts). Absolute urls (another origin, or this
 * one spelt out) are not sources: the client drops them, the server refuses them.
 */

/** One option source: a read-only REST row under `/caishui-api`. */
export interface OptionSource {
  /** The path as the REST table spells it; `:name` segments take one `[A-Za-z0-9_-]` word. */
  path: string;
  /** What it lists (shown in messages and docs). */
  label: string;
  /** The permission the row itself checks for the viewer (documentation; the server always checks). */
  permission: string;
  /** Query keys the source accepts (others make the url refused). */
  query: readonly string[];
}

const TREE_QUERY = ['deptName', 'parkName', 'status'] as const;
const PAGE_QUERY = ['pageNum', 'pageSize', 'orderByColumn', 'isAsc'] as const;

/** The option sources a form may name (issue 38 §1): every one is a GET row that only reads. */
export const FORM_OPTION_SOURCES: readonly OptionSource[] = [
  { path: '/system/dict/data/type/:dictType', label: '字典数据', permission: '登录即可', query: [] },
  { path: '/system/dict/type/optionselect', label: '字典类型', permission: 'system:dict:list', query: [] },
  { path: '/system/user/list', label: '用户列表', permission: 'system:user:list', query: [...PAGE_QUERY, 'userName', 'nickName', 'phonenumber', 'status', 'deptId'] },
  { path: '/system/user/deptTree', label: '部门树（用户）', permission: 'system:user:list', query: [] },
  { path: '/system/dept/list', label: '部门列表', permission: 'system:dept:list', query: [...TREE_QUERY] },
  { path: '/system/dept/treeselect', label: '部门树', permission: 'system:dept:list', query: [...TREE_QUERY] },
  { path: '/system/park/list', label: '园区列表', permission: 'system:park:list', query: [...TREE_QUERY] },
  { path: '/system/park/treeselect', label: '园区树', permission: 'system:park:list', query: [...TREE_QUERY] },
  { path: '/system/post/optionselect', label: '岗位列表', permission: 'system:post:list', query: [] },
  { path: '/system/post/list', label: '岗位列表（分页）', permission: 'system:post:list', query: [...PAGE_QUERY, 'postCode', 'postName', 'status'] },
  { path: '/system/menu/list', label: '菜单列表', permission: 'system:menu:list', query: ['menuName', 'status'] },
  { path: '/system/role/optionselect', label: '角色列表', permission: 'system:role:query', query: [] },
  { path: '/flowable/definition/userList', label: '流程用户选择', permission: '登录即可', query: ['deptId', 'userName', 'nickName'] },
  { path: '/flowable/definition/roleList', label: '流程角色选择', permission: '登录即可', query: [] },
];

/** The API prefix the client puts before a source path (client/src/lib/trpc.ts API_BASE). */
export const OPTION_API_BASE = '/caishui-api';
/** Longest url accepted (characters). */
export const OPTION_URL_MAX = 500;

/** A checked source: the path under the API and the query string (`''` or `?a=1&b=2`). */
export type OptionSourceCheck =
  | { ok: true; path: string; search: string; source: OptionSource }
  | { ok: false; problem: 'method' | 'url'; message: string };

const WORD = /^[A-Za-z0-9_-]{1,100}$/;
const QUERY_VALUE = /^[A-Za-z0-9_.,%+-]*$/;

function matchSource(path: string): OptionSource | undefined {
  const segs = path.split('/');
  return FORM_OPTION_SOURCES.find((s) => {
    const want = s.path.split('/');
    return want.length === segs.length && want.every((w, i) => (w.startsWith(':') ? WORD.test(segs[i]) : w === segs[i]));
  });
}

/** The query string when every key is one the source accepts and every value is plain; else null. */
function checkQuery(query: string, source: OptionSource): string | null {
  if (!query) return '';
  const parts = query.split('&');
  for (const part of parts) {
    const eq = part.indexOf('=');
    const key = eq < 0 ? part : part.slice(0, eq);
    const value = eq < 0 ? '' : part.slice(eq + 1);
    if (!source.query.includes(key) || !QUERY_VALUE.test(value)) return null;
  }
  return `?${query}`;
}

/**
 * Checks a dynamic-options request (issue 38 §1): `method` must be GET (any case; absent means
 * GET) and `url` a relative path (with or without `/caishui-api`, with or without the leading
 * `/`) to one of FORM_OPTION_SOURCES, with only that source's query keys and plain values.
 * Answers `{ok, path, search, source}` or `{ok: false, problem, message}` with a Chinese message
 * (`请求方式只能是 GET`, `接口地址不是允许的数据源：<url>`). Never throws.
 */
export function checkOptionSource(url: unknown, method: unknown): OptionSourceCheck {
  const m = method === undefined || method === null || method === '' ? 'GET' : typeof method === 'string' ? method.trim().toUpperCase() : '';
  if (m !== 'GET') return { ok: false, problem: 'method', message: '请求方式只能是 GET' };
  const raw = typeof url === 'string' ? url.trim() : '';
  const refused = { ok: false as const, problem: 'url' as const, message: `接口地址不是允许的数据源：${raw.slice(0, 100)}` };
  if (!raw || raw.length > OPTION_URL_MAX || raw.startsWith('//') || /[\\#\s]|^[a-z][a-z0-9+.-]*:/i.test(raw)) return refused;
  const q = raw.indexOf('?');
  let path = q < 0 ? raw : raw.slice(0, q);
  const query = q < 0 ? '' : raw.slice(q + 1);
  if (!path.startsWith('/')) path = `/${path}`;
  if (path.startsWith(`${OPTION_API_BASE}/`)) path = path.slice(OPTION_API_BASE.length);
  const source = matchSource(path);
  if (!source) return refused;
  const search = checkQuery(query, source);
  if (search === null) return refused;
  return { ok: true, path, search, source };
}

/** True when a field's `__config__` asks for anything to be fetched (a url, or a method other than GET). */
export function declaresOptionRequest(config: Record<string, unknown>): boolean {
  const url = typeof config.url === 'string' ? config.url.trim() : config.url;
  const method = typeof config.method === 'string' ? config.method.trim().toUpperCase() : config.method;
  return (url !== undefined && url !== null && url !== '') || (method !== undefined && method !== null && method !== '' && method !== 'GET');
}
