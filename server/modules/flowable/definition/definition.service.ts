/**
 * Definition services around the engine (reference §2 Workflow and §6; api-contract "Workflow"):
 * definitions (list, save, import, XML, diagram, state, delete), the start helper, the pickers
 * (userList, roleList, expList) and deployments (`system.deployment`). The acting user is the
 * signed-in user: engine user id = sys_user.user_id as text, groups = the user's role ids as text.
 * Engine errors are AppErrors (their kinds answer 500 on REST, as upstream) and pass through unchanged.
 * Task lists, instance views and next nodes: ../task/task-view.service.ts.
 */
import type { z } from 'zod';
import type { AppDeps } from '../../../deps';
import type { LoginUser } from '../../../core/authz';
import { AppError } from '../../../core/errors';
import type { FileReply, UploadedFile } from '../../../core/files';
import { exportSheet } from '../../common/export-file';
import { enabledUserOptions } from '../../system/user/user.repo';
import { liveRoleOptions } from '../../system/role/role.repo';
import type { DeploymentView } from '../../../engine';
import { expressionOptions } from '../library/library.service';
import { diagramSvg } from './diagram-svg';
import type { definitionListInput, deploymentListInput, userPickerInput } from '../../../../shared/schemas/flowable';
import { startVariables } from '../common/form-submission';
import { actorOf } from '../common/access.service';
import { snapshotOnDeploy, mainFormOfDeployment } from '../library/form-versions.repo';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'engine' | 'todoReader'>;

// ---- definitions
/**
 * `GET /flowable/definition/list`: every version, newest deployment first, with the main form;
 * `latestActive` (the 发起流程 dialog) gives each process once, at its newest active version.
 */
export function definitionList(deps: Deps, q: z.output<typeof definitionListInput>) {
  const page = deps.engine.listDefinitions({ pageNum: q.pageNum, pageSize: q.pageSize, name: q.name, category: q.category, key: q.key, latestActive: q.latestActive });
  return {
    total: page.total,
    rows: page.rows.map((d) => {
      const form = mainFormOfDeployment(deps.db, d.deploymentId);
      return {
        // flowKey: upstream's name of the key (流程标识), which RuoYi-flowable's client reads (issue 41 §1).
        id: d.id, key: d.key, flowKey: d.key, name: d.deploymentName || d.name, category: d.category, version: d.version, deploymentId: d.deploymentId,
        suspensionState: d.suspensionState, deploymentTime: d.deploymentTime, formId: form?.formId ?? null, formName: form?.formName ?? null,
      };
    }),
  };
}

/** `POST /flowable/definition/save`: deploys a new version of the model's key. */
export async function definitionSave(deps: Deps, f: { name: string; category?: string; xml: string }) {
  return deps.engine.deploy({ xml: f.xml, name: f.name, category: f.category, onDeployed: snapshotOnDeploy(deps.db) });
}

/** `POST /flowable/definition/import`: a .bpmn / .xml upload. Error: 文件格式不正确 (not XML). */
export async function definitionImport(deps: Deps, f: { file: Pick<UploadedFile, 'filename' | 'data'>; name?: string; category?: string }) {
  if (!/\.(bpmn|xml)$/i.test(f.file.filename)) throw new AppError('invalid', '文件格式不正确，请导入 .bpmn 或 .xml 文件');
  const xml = f.file.data.toString('utf8');
  return deps.engine.deploy({ xml, name: f.name || f.file.filename.replace(/\.(bpmn20\.xml|bpmn|xml)$/i, ''), category: f.category, onDeployed: snapshotOnDeploy(deps.db) });
}

export const definitionXml = (deps: Deps, deployId: string) => deps.engine.getXml({ deploymentId: deployId });

/** `readImage/{deployId}` → an SVG FileReply. */
export function definitionImage(deps: Deps, deployId: string): FileReply {
  const svg = diagramSvg(deps.engine.getXml({ deploymentId: deployId }));
  return { fileName: `${deployId}.svg`, contentType: 'image/svg+xml', body: Buffer.from(svg, 'utf8') };
}

export function definitionState(deps: Deps, deployId: string, state: 1 | 2): void {
  deps.engine.setDefinitionState({ deploymentId: deployId, state });
}

export function definitionDelete(deps: Deps, deployIds: string[]): void {
  for (const id of deployIds) deps.engine.getDefinition({ deploymentId: id });
  deps.engine.deleteDeployment(deployIds);
}

/**
 * Starts an instance as the signed-in user (INITIATOR = user id). Reply text 流程启动成功. With a
 * main form the values are validated against it first and `variables` is rebuilt from the stored
 * form (form-submission.ts; AppError('invalid', the first rule's message), nothing written); rich-text
 * form values are sanitised (server/core/rich-text.ts).
 */
export function definitionStart(deps: Deps, login: LoginUser, procDefId: string, variables?: Record<string, unknown>) {
  return deps.engine.start({ definitionId: procDefId, ...actorOf(login), variables: startVariables(deps, procDefId, variables) });
}

/**
 * `userList` (recipient / delegate pickers, any session): enabled, undeleted users as
 * `[{userId, userName, nickName, deptId, deptName}]` by user id, filtered by user / nick name
 * (contains) and dept. No phone number, e-mail or status: any signed-in user may call it (issue 11 §3).
 * The query is the user domain's (system/user/user.repo.ts enabledUserOptions).
 */
export const userOptions = (deps: Deps, f: z.output<typeof userPickerInput>) => enabledUserOptions(deps.db, f);
/** `roleList` (candidate-group picker): undeleted roles by sort order (system/role/role.repo.ts liveRoleOptions, on the async store). */
export const roleOptions = (deps: Pick<AppDeps, 'store'>) => liveRoleOptions(deps.store);
export const expOptions = (deps: Deps) => expressionOptions(deps);


// `startFlow` (the start screen's read) is start-flow.ts.

// ---- deployments (management view)
export function deploymentList(deps: Deps, q: Partial<z.output<typeof deploymentListInput>>) {
  const page = deps.engine.listDeployments({ pageNum: q.pageNum ?? 1, pageSize: q.pageSize ?? 100000, name: q.name, category: q.category });
  return page;
}
export function deploymentGet(deps: Deps, deploymentId: string): DeploymentView {
  const d = deps.engine.getDefinition({ deploymentId });
  return { id: d.deploymentId, name: d.deploymentName, category: d.category, deployTime: d.deploymentTime, definitionId: d.id, key: d.key, version: d.version };
}
export function deploymentUpdate(deps: Deps, f: { deploymentId: string; name?: string; category?: string }): void {
  deps.engine.getDefinition({ deploymentId: f.deploymentId });
  deps.engine.updateDeployment(f);
}
export function deploymentExport(deps: Deps, q: Partial<z.output<typeof deploymentListInput>>): Promise<FileReply> {
  return exportSheet<DeploymentView>('流程部署数据', [
    { header: '部署ID', value: 'id' },
    { header: '流程名称', value: 'name' },
    { header: '流程分类', value: 'category' },
    { header: '流程标识', value: 'key' },
    { header: '版本', value: 'version' },
    { header: '部署时间', value: 'deployTime' },
  ], deploymentList(deps, { name: q.name, category: q.category }).rows, deps.clock.now());
}
