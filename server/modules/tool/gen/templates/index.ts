/**
 * The code generator's templates (issue 14): one imported table plus its settings → the files a
 * developer of this project writes for a new module, in its own architecture: Drizzle table, zod
 * schemas, repo / service / router (with its REST rows as procedure meta), install step (table +
 * menu), list screen and form dialog, an integration test, and the registry re-emitted with the
 * module added. Every
 * file is formatted with Prettier (format.ts). Categories: crud, tree (tree list, parent select,
 * no delete of a node with children), sub (master-detail: details saved with the master).
 */
import { GEN_BUSINESS_NAME, GEN_CLASS_NAME, GEN_MODULE_NAME, GEN_PACKAGE_NAME, GEN_RESERVED_MODULES } from '../../../../../shared/schemas/tool/gen';
import type { GenFile, GenTableModel } from '../gen-model';
import { renderFormDialog } from './client-form';
import { renderImportDialog } from './client-import';
import { renderListView } from './client-list';
import { formatTs } from './format';
import { checkIdentifiers, inertModel } from './model-guard';
import { namesOf, pkOf } from './naming';
import { emitModulesRegistry, entryOf, parseRegistries, withEntry } from './registry';
import { renderRepo } from './repo';
import { renderInstall, renderRouter } from './router';
import { renderSchema } from './schema';
import { renderService } from './service';
import { renderTable } from './table';
import { renderModuleTest } from './module-test';

/** Current text of the registry file the generator re-emits (null when absent). */
export interface RegistrySources {
  /** server/modules/generated.ts */
  modules: string | null;
}

/** Registry file paths, relative to the project root. */
export const REGISTRY_PATHS = { modules: 'server/modules/generated.ts' } as const;

/**
 * Refuses a model the templates cannot write: tree without its three columns, sub without the
 * detail table or its key column, a key that is not an integer. Errors: Error with the Chinese reason.
 */
export function checkModel(model: GenTableModel): void {
  const pk = pkOf(model);
  if (pk.javaType !== 'number') throw new Error(`表 ${model.tableName} 的主键 ${pk.columnName} 不是整数，生成代码要求整数主键`);
  // The same rules as the edit form's schema (shared/schemas/tool/gen.ts), so what saves, generates.
  if (!GEN_MODULE_NAME.test(model.moduleName)) throw new Error(`模块名 ${model.moduleName} 只能是小写字母和数字，小写字母开头`);
  if ((GEN_RESERVED_MODULES as readonly string[]).includes(model.moduleName)) throw new Error(`模块名 ${model.moduleName} 已被系统使用`);
  if (!GEN_BUSINESS_NAME.test(model.businessName)) throw new Error(`业务名 ${model.businessName} 应为小写字母开头的字母数字`);
  if (!GEN_CLASS_NAME.test(model.className)) throw new Error(`类名 ${model.className} 应为大写字母开头的字母数字`);
  if (!GEN_PACKAGE_NAME.test(model.packageName)) throw new Error(`包路径 ${model.packageName} 应为点分隔的小写名称`);
  if (model.tplCategory === 'tree' && (!model.treeCode || !model.treeParentCode || !model.treeName)) throw new Error('树表需要树编码、树父编码和树名称字段');
  if (model.tplCategory === 'sub') {
    if (!model.subTable || !model.subTableFkName) throw new Error('主子表需要子表和子表外键');
    if (pkOf(model.subTable).javaType !== 'number') throw new Error(`子表 ${model.subTable.tableName} 的主键不是整数`);
  }
}

/**
 * Every file of the module for `model`, formatted with Prettier, in a stable order (server,
 * shared, client, test, registry), plus the registry file re-emitted with this
 * module added (replacing a module of the same `<module>.<business>`). Paths relative to the
 * project root. Errors: checkModel's and checkIdentifiers's; a registry text that is not the generator's form.
 * Free texts are made inert first (model-guard.ts): no comment or label can become code.
 */
export async function renderModule(given: GenTableModel, registries: RegistrySources): Promise<GenFile[]> {
  checkModel(given);
  checkIdentifiers(given);
  const model = inertModel(given);
  const m: GenTableModel = model.tplCategory === 'sub' ? model : { ...model, subTable: undefined, subTableFkName: undefined };
  const n = namesOf(m);
  const entries = withEntry(parseRegistries(registries.modules), entryOf(m));
  const files: [string, string, GenFile['language']][] = [
    [n.tableFile, renderTable(m), 'typescript'],
    [n.repoFile, renderRepo(m), 'typescript'],
    [n.serviceFile, renderService(m), 'typescript'],
    [n.routerFile, renderRouter(m), 'typescript'],
    [n.installFile, renderInstall(m), 'typescript'],
    [n.schemaFile, renderSchema(m), 'typescript'],
    [n.listView, renderListView(m), 'tsx'],
    [n.formView, renderFormDialog(m), 'tsx'],
    ...(m.tplCategory === 'crud' && m.withImport ? [[n.importView, renderImportDialog(m), 'tsx'] as [string, string, GenFile['language']]] : []),
    [n.testFile, renderModuleTest(m), 'typescript'],
    [REGISTRY_PATHS.modules, emitModulesRegistry(entries), 'typescript'],
  ];
  return Promise.all(files.map(async ([path, source, language]) => ({ path, content: await formatTs(source, path), language })));
}
