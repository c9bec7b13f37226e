/**
 * Seed of the dictionaries (sys_dict_type, sys_dict_data).
 * Source: reference/ruoyi-flowable.md §3 "Seed data" → "Dict types and data" (RuoYi
 * `sql/ry_20240629.sql` ids 1-10 / 1-29; tony2y HEAD `sql/tony-flowable.sql` ids 100-105 / 100-110).
 * `sys_listener_event_type` has no data upstream; its rows 111-117 are this product's own (the
 * Flowable task events create/assignment/complete/delete and execution events start/end/take).
 * RuoYi leaves list_class '' on plain entries; we store 'default' (the schema default, rendered
 * the same way). is_default 'Y' marks the first entry where RuoYi does.
 */
import { sysDictData, sysDictType } from '../schema';
import { SEED_CREATE_BY, type SeedTx } from './types';

type ListClass = 'default' | 'primary' | 'success' | 'info' | 'warning' | 'danger';

interface DictTypeSeed {
  dictId: number;
  dictName: string;
  dictType: string;
  remark: string;
}

interface DictDataSeed {
  dictCode: number;
  dictSort: number;
  dictLabel: string;
  dictValue: string;
  dictType: string;
  listClass: ListClass;
  isDefault: 'Y' | 'N';
  remark: string;
}

export const SEED_DICT_TYPES: readonly DictTypeSeed[] = [
  { dictId: 1, dictName: '用户性别', dictType: 'sys_user_sex', remark: '用户性别列表' },
  { dictId: 2, dictName: '菜单状态', dictType: 'sys_show_hide', remark: '菜单状态列表' },
  { dictId: 3, dictName: '系统开关', dictType: 'sys_normal_disable', remark: '系统开关列表' },
  { dictId: 4, dictName: '任务状态', dictType: 'sys_job_status', remark: '任务状态列表' },
  { dictId: 5, dictName: '任务分组', dictType: 'sys_job_group', remark: '任务分组列表' },
  { dictId: 6, dictName: '系统是否', dictType: 'sys_yes_no', remark: '系统是否列表' },
  { dictId: 7, dictName: '通知类型', dictType: 'sys_notice_type', remark: '通知类型列表' },
  { dictId: 8, dictName: '通知状态', dictType: 'sys_notice_status', remark: '通知状态列表' },
  { dictId: 9, dictName: '操作类型', dictType: 'sys_oper_type', remark: '操作类型列表' },
  { dictId: 10, dictName: '系统状态', dictType: 'sys_common_status', remark: '登录状态列表' },
  { dictId: 100, dictName: '表达式类型', dictType: 'exp_data_type', remark: '流程表达式类型列表' },
  { dictId: 102, dictName: '监听类型', dictType: 'sys_listener_type', remark: '流程监听类型列表' },
  { dictId: 103, dictName: '监听值类型', dictType: 'sys_listener_value_type', remark: '流程监听值类型列表' },
  { dictId: 104, dictName: '监听属性', dictType: 'sys_listener_event_type', remark: '流程监听事件类型列表' },
  { dictId: 105, dictName: '流程分类', dictType: 'sys_process_category', remark: '流程分类列表' },
];

/** [code, sort, label, value, listClass, isDefault, remark] of one type. */
type Entry = readonly [number, number, string, string, ListClass, 'Y' | 'N', string];

function entries(dictType: string, rows: readonly Entry[]): DictDataSeed[] {
  return rows.map(([dictCode, dictSort, dictLabel, dictValue, listClass, isDefault, remark]) => ({
    dictCode, dictSort, dictLabel, dictValue, dictType, listClass, isDefault, remark,
  }));
}

export const SEED_DICT_DATA: readonly DictDataSeed[] = [
  ...entries('sys_user_sex', [
    [1, 1, '男', '0', 'default', 'Y', '性别男'],
    [2, 2, '女', '1', 'default', 'N', '性别女'],
    [3, 3, '未知', '2', 'default', 'N', '性别未知'],
  ]),
  ...entries('sys_show_hide', [
    [4, 1, '显示', '0', 'primary', 'Y', '显示菜单'],
    [5, 2, '隐藏', '1', 'danger', 'N', '隐藏菜单'],
  ]),
  ...entries('sys_normal_disable', [
    [6, 1, '正常', '0', 'primary', 'Y', '正常状态'],
    [7, 2, '停用', '1', 'danger', 'N', '停用状态'],
  ]),
  ...entries('sys_job_status', [
    [8, 1, '正常', '0', 'primary', 'Y', '正常状态'],
    [9, 2, '暂停', '1', 'danger', 'N', '停用状态'],
  ]),
  ...entries('sys_job_group', [
    [10, 1, '默认', 'DEFAULT', 'default', 'Y', '默认分组'],
    [11, 2, '系统', 'SYSTEM', 'default', 'N', '系统分组'],
  ]),
  ...entries('sys_yes_no', [
    [12, 1, '是', 'Y', 'primary', 'Y', '系统默认是'],
    [13, 2, '否', 'N', 'danger', 'N', '系统默认否'],
  ]),
  ...entries('sys_notice_type', [
    [14, 1, '通知', '1', 'warning', 'Y', '通知'],
    [15, 2, '公告', '2', 'success', 'N', '公告'],
  ]),
  ...entries('sys_notice_status', [
    [16, 1, '正常', '0', 'primary', 'Y', '正常状态'],
    [17, 2, '关闭', '1', 'danger', 'N', '关闭状态'],
  ]),
  ...entries('sys_oper_type', [
    [18, 99, '其他', '0', 'info', 'N', '其他操作'],
    [19, 1, '新增', '1', 'info', 'N', '新增操作'],
    [20, 2, '修改', '2', 'info', 'N', '修改操作'],
    [21, 3, '删除', '3', 'danger', 'N', '删除操作'],
    [22, 4, '授权', '4', 'primary', 'N', '授权操作'],
    [23, 5, '导出', '5', 'warning', 'N', '导出操作'],
    [24, 6, '导入', '6', 'warning', 'N', '导入操作'],
    [25, 7, '强退', '7', 'danger', 'N', '强退操作'],
    [26, 8, '生成代码', '8', 'warning', 'N', '生成操作'],
    [27, 9, '清空数据', '9', 'danger', 'N', '清空操作'],
  ]),
  ...entries('sys_common_status', [
    [28, 1, '成功', '0', 'primary', 'N', '正常状态'],
    [29, 2, '失败', '1', 'danger', 'N', '停用状态'],
  ]),
  ...entries('exp_data_type', [
    [100, 1, '系统指定', 'fixed', 'default', 'N', ''],
    [101, 2, '动态选择', 'dynamic', 'default', 'N', ''],
  ]),
  ...entries('sys_listener_type', [
    [104, 1, '任务监听', '1', 'default', 'N', ''],
    [105, 2, '执行监听', '2', 'default', 'N', ''],
  ]),
  ...entries('sys_listener_value_type', [
    // Upstream's JAVA类: here a class listener names a handler registered in TypeScript (issue 40 §9).
    [106, 1, '已注册处理器', 'classListener', 'default', 'N', ''],
    [107, 2, '表达式', 'expressionListener', 'default', 'N', ''],
    [108, 3, '代理表达式', 'delegateExpressionListener', 'default', 'N', ''],
  ]),
  ...entries('sys_process_category', [
    [109, 1, '请假', 'leave', 'default', 'N', ''],
    [110, 2, '报销', 'expense', 'default', 'N', ''],
  ]),
  ...entries('sys_listener_event_type', [
    [111, 1, '创建', 'create', 'default', 'N', '任务监听事件'],
    [112, 2, '指派', 'assignment', 'default', 'N', '任务监听事件'],
    [113, 3, '完成', 'complete', 'default', 'N', '任务监听事件'],
    [114, 4, '删除', 'delete', 'default', 'N', '任务监听事件'],
    [115, 5, '开始', 'start', 'default', 'N', '执行监听事件'],
    [116, 6, '结束', 'end', 'default', 'N', '执行监听事件'],
    [117, 7, '连线', 'take', 'default', 'N', '执行监听事件'],
  ]),
];

/** Inserts all dictionary types, then their data. */
export async function seedDicts(tx: SeedTx, now: string): Promise<void> {
  const audit = { createBy: SEED_CREATE_BY, createTime: now };

  await tx.insert(sysDictType)
    .values(SEED_DICT_TYPES.map((t) => ({ ...t, status: '0', ...audit })))
    .onConflictDoNothing();

  await tx.insert(sysDictData)
    .values(SEED_DICT_DATA.map((d) => ({ ...d, cssClass: '', status: '0', ...audit })))
    .onConflictDoNothing();
}
