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
import { mainFormOfDeployment, snapshotOnDeployOn } from '../library/form-versions.repo';
import { snapshotOnDeploy } from '../library/form-versions-sync.repo';

type Deps = Pick<AppDeps, 'store' | 'clock' | 'engine' | 'todoReader'>;

// ---- definitions
/**
 * `GET /flowable/definition/list`: every version, newest deployment first, with the main form;
 * `latestActive` (the 发起流程 dialog) gives each process once, at its newest active version.
 */
export async function definitionList(deps: Deps, q: z.output<typeof definitionListInput>) {
  const page = await deps.engine.listDefinitions({ pageNum: q.pageNum, pageSize: q.pageSize, name: q.name, category: q.category, key: q.key, latestActive: q.latestActive });
  return {
    total: page.total,
    rows: await Promise.all(page.rows.map(async (d) => {
      const form = await mainFormOfDeployment(deps.store, d.deploymentId);
      return {
        // flowKey: upstream's name of the key (流程标识), which RuoYi-flowable's client reads (issue 41 §1).
        id: d.id, key: d.key, flowKey: d.key, name: d.deploymentName || d.name, category: d.category, version: d.version, deploymentId: d.deploymentId,
        suspensionState: d.suspensionState, deploymentTime: d.deploymentTime, formId: form?.formId ?? null, formName: form?.formName ?? null,
      };
    })),
  };
}

/**
 * The engine's `onDeployed` hook of `deps.store`, run inside its deploy transaction: on SQLite
 * synchronous over the store's connection (../library/form-versions-sync.repo.ts), on PostgreSQL
 * through the store (../library/form-versions.repo.ts snapshotOnDeployOn, awaited by the engine).
 */
const formCopies = (deps: Pick<Deps, 'store'>) => (deps.store.kind === 'sqlite' ? snapshotOnDeploy(deps.store.db) : snapshotOnDeployOn(deps.store));

/**
 * `POST /flowable/definition/save`: deploys a new version of the model's key. The form copies are
 * made by the engine's `onDeployed` hook inside its deploy transaction (`formCopies`).
 */
export async function definitionSave(deps: Deps, f: { name: string; category?: string; xml: string }) {
  return deps.engine.deploy({ xml: f.xml, name: f.name, category: f.category, onDeployed: formCopies(deps) });
}

/** `POST /flowable/definition/import`: a .bpmn / .xml upload. Error: 文件格式不正确 (not XML). */
export async function definitionImport(deps: Deps, f: { file: Pick<UploadedFile, 'filename' | 'data'>; name?: string; category?: string }) {
  if (!/\.(bpmn|xml)$/i.test(f.file.filename)) throw new AppError('invalid', '文件格式不正确，请导入 .bpmn 或 .xml 文件');
  const xml = f.file.data.toString('utf8');
  return deps.engine.deploy({ xml, name: f.name || f.file.filename.replace(/\.(bpmn20\.xml|bpmn|xml)$/i, ''), category: f.category, onDeployed: formCopies(deps) });
}

/** `readXml/{deployId}`: the deployment's BPMN XML. Error: the engine's definition-missing message. */
export const definitionXml = async (deps: Deps, deployId: string) => deps.engine.getXml({ deploymentId: deployId });

/** `readImage/{deployId}` → an SVG FileReply. */
export async function definitionImage(deps: Deps, deployId: string): Promise<FileReply> {
  const svg = diagramSvg(await deps.engine.getXml({ deploymentId: deployId }));
  return { fileName: `${deployId}.svg`, contentType: 'image/svg+xml', body: Buffer.from(svg, 'utf8') };
}

/** Suspends (2) or activates (1) the deployment's definition and its instances. */
export async function definitionState(deps: Deps, deployId: string, state: 1 | 2): Promise<void> {
  await deps.engine.setDefinitionState({ deploymentId: deployId, state });
}

/** Deletes deployments (cascade). Error: the engine's definition-missing message for any unknown id, nothing deleted. */
export async function definitionDelete(deps: Deps, deployIds: string[]): Promise<void> {
  for (const id of deployIds) await deps.engine.getDefinition({ deploymentId: id });
  await deps.engine.deleteDeployment(deployIds);
}

/**
 * Starts an instance as the signed-in user (INITIATOR = user id). Reply text 流程启动成功. With a
 * main form the values are validated against it first and `variables` is rebuilt from the stored
 * form (form-submission.ts; AppError('invalid', the first rule's message), nothing written); rich-text
 * form values are sanitised (server/core/rich-text.ts).
 */
export async function definitionStart(deps: Deps, login: LoginUser, procDefId: string, variables?: Record<string, unknown>) {
  return deps.engine.start({ definitionId: procDefId, ...actorOf(login), variables: await startVariables(deps, procDefId, variables) });
}

/**
 * `userList` (recipient / delegate pickers, any session): enabled, undeleted users as
 * `[{userId, userName, nickName, deptId, deptName}]` by user id, filtered by user / nick name
 * (contains) and dept. No phone number, e-mail or status: any signed-in user may call it (issue 11 §3).
 * The query is the user domain's (system/user/user.repo.ts enabledUserOptions).
 */
export const userOptions = (deps: Pick<AppDeps, 'store'>, f: z.output<typeof userPickerInput>) => enabledUserOptions(deps.store, f);
/** `roleList` (candidate-group picker): undeleted roles by sort order (system/role/role.repo.ts liveRoleOptions, on the async store). */
export const roleOptions = (deps: Pick<AppDeps, 'store'>) => liveRoleOptions(deps.store);
export const expOptions = (deps: Deps) => expressionOptions(deps);


// `startFlow` (the start screen's read) is start-flow.ts.

// ---- deployments (management view)
/** `system.deployment.list`: a page of deployments (every one without paging). */
export async function deploymentList(deps: Deps, q: Partial<z.output<typeof deploymentListInput>>) {
  return deps.engine.listDeployments({ pageNum: q.pageNum ?? 1, pageSize: q.pageSize ?? 100000, name: q.name, category: q.category });
}
/** One deployment. Error: the engine's definition-missing message. */
export async function deploymentGet(deps: Deps, deploymentId: string): Promise<DeploymentView> {
  const d = await deps.engine.getDefinition({ deploymentId });
  return { id: d.deploymentId, name: d.deploymentName, category: d.category, deployTime: d.deploymentTime, definitionId: d.id, key: d.key, version: d.version };
}
/** Renames / recategorises a deployment. Error: the engine's definition-missing message. */
export async function deploymentUpdate(deps: Deps, f: { deploymentId: string; name?: string; category?: string }): Promise<void> {
  await deps.engine.getDefinition({ deploymentId: f.deploymentId });
  await deps.engine.updateDeployment(f);
}
/** The deployments filtered as the list as an xlsx file. */
export async function deploymentExport(deps: Deps, q: Partial<z.output<typeof deploymentListInput>>): Promise<FileReply> {
  return exportSheet<DeploymentView>('流程部署数据', [
    { header: '部署ID', value: 'id' },
    { header: '流程名称', value: 'name' },
    { header: '流程分类', value: 'category' },
    { header: '流程标识', value: 'key' },
    { header: '版本', value: 'version' },
    { header: '部署时间', value: 'deployTime' },
  ], (await deploymentList(deps, { name: q.name, category: q.category })).rows, deps.clock.now());
}
