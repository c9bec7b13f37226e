/**
 * Template of `<pkgdir>/<b>/<b>.repo.ts`: the module's Drizzle queries (list by the query fields,
 * lookup, insert, update, delete; tree: children count; sub: the detail rows).
 */
import type { GenColumnModel, GenTableModel } from '../gen-model';
import { betweenKeys, camel, hasColumn, importPath, isDecimal, label, lit, namesOf, pascal, pkOf, queryColumns, sorted, subFkField } from './naming';

/** TypeScript type of a filter value. */
export const filterTsType = (c: GenColumnModel) => (c.javaType === 'boolean' ? 'boolean' : c.javaType === 'number' ? 'number' : 'string');

/** The condition expressions of the list's where, over table const `t` and filter `f`. */
export function whereTerms(model: GenTableModel, t: string): string[] {
  return queryColumns(model).map((c) => {
    const col = `${t}.${c.javaField}`;
    if (c.queryType !== 'BETWEEN') return `compareOf('${c.queryType}', ${col}, f.${c.javaField})`;
    const k = betweenKeys(c);
    if (c.javaType === 'number' || isDecimal(c)) return `compareOf('GTE', ${col}, f.${k.begin}), compareOf('LTE', ${col}, f.${k.end})`;
    return `...betweenOf(${col}, f.${k.begin}, f.${k.end})`;
  });
}

/** Function-name stem, e.g. `Customer` (listCustomer, findCustomer …). */
export const stemOf = (model: GenTableModel) => pascal(model.businessName);

/** Source of the repo file. */
export function renderRepo(model: GenTableModel): string {
  const n = namesOf(model);
  const S = stemOf(model);
  const t = n.tableConst;
  const pk = pkOf(model);
  const Row = `${model.className}Row`;
  const tree = model.tplCategory === 'tree';
  const sub = model.subTable;
  const q = queryColumns(model);
  const filterFields = q.flatMap((c) => {
    const ty = filterTsType(c);
    if (c.queryType !== 'BETWEEN') return [`  ${c.javaField}?: ${ty};`];
    const k = betweenKeys(c);
    return [`  ${k.begin}?: ${ty};`, `  ${k.end}?: ${ty};`];
  });
  const terms = whereTerms(model, t);
  const orderCol = model.columns.find((c) => c.columnName === 'order_num' || c.columnName === 'sort');
  const fallback = [...(orderCol ? [`asc(${t}.${orderCol.javaField})`] : []), `asc(${t}.${pk.javaField})`].join(', ');
  const usesBetween = terms.some((x) => x.includes('betweenOf'));
  const usesCompare = terms.some((x) => x.includes('compareOf'));
  const genQuery = [usesBetween ? 'betweenOf' : '', usesCompare ? 'compareOf' : ''].filter(Boolean);
  const tableImports = [t, `type ${Row}`];
  const parts: string[] = [];

  parts.push(`export interface ${S}Filter extends Partial<PageInput> {
${filterFields.join('\n')}
}

/** Columns a list may be ordered by (\`orderByColumn\`). */
export const ${camel(S)}Columns = { ${sorted(model).map((c) => `${c.javaField}: ${t}.${c.javaField}`).join(', ')} };

const whereOf = (f: ${S}Filter) => and(${terms.join(', ')});`);

  if (tree) {
    parts.push(`/** Every row matching the filters, ordered for the tree (${orderCol ? `${orderCol.javaField}, ` : ''}${pk.javaField}). */
export function list${S}(db: DbTx, f: ${S}Filter): ${Row}[] {
  return db.select().from(${t}).where(whereOf(f)).orderBy(...orderOf(${camel(S)}Columns, f, [${fallback}])).all();
}`);
  } else {
    parts.push(`/** One page \`{rows, total}\` by the query fields, or every row when \`f\` has no paging (export). */
export function list${S}(db: DbTx, f: ${S}Filter): Page<${Row}> {
  const where = whereOf(f);
  const order = orderOf(${camel(S)}Columns, f, [${fallback}]);
  return pageOf(f,
    () => db.select({ n: count() }).from(${t}).where(where).get()!.n,
    (limit, offset) => {
      const q = db.select().from(${t}).where(where).orderBy(...order);
      return limit === undefined ? q.all() : q.limit(limit).offset(offset ?? 0).all();
    });
}`);
  }

  parts.push(`export function find${S}(db: DbTx, ${pk.javaField}: number): ${Row} | undefined {
  return db.select().from(${t}).where(eq(${t}.${pk.javaField}, ${pk.javaField})).get();
}

export type ${S}Values = typeof ${t}.$inferInsert;

/** Inserts one row → its ${pk.javaField}. */
export function insert${S}(db: DbTx, v: ${S}Values): number {
  return db.insert(${t}).values(v).returning({ id: ${t}.${pk.javaField} }).get().id;
}

/** Updates one row → changed row count (0 when it does not exist). */
export function update${S}(db: DbTx, ${pk.javaField}: number, v: Partial<${S}Values>): number {
  return db.update(${t}).set(v).where(eq(${t}.${pk.javaField}, ${pk.javaField})).run().changes;
}

export function delete${S}(db: DbTx, ids: number[]): number {
  return db.delete(${t}).where(inArray(${t}.${pk.javaField}, ids)).run().changes;
}`);

  if (tree) {
    const tf = model.columns.find((c) => c.columnName === model.treeParentCode)!;
    parts.push(`/** Rows whose ${tf.javaField} is \`id\` (a node with children may not be deleted). */
export function count${S}Children(db: DbTx, id: number): number {
  return db.select({ n: count() }).from(${t}).where(eq(${t}.${tf.javaField}, id)).get()!.n;
}`);
  }
  if (sub) {
    const sn = namesOf(sub);
    const st = sn.tableConst;
    const spk = pkOf(sub);
    const fk = subFkField(model);
    const SubRow = `${sub.className}Row`;
    tableImports.push(st, `type ${SubRow}`);
    parts.push(`/** The detail rows (${sub.tableName}) of one master row, in ${spk.javaField} order. */
export function list${S}Details(db: DbTx, ${fk}: number): ${SubRow}[] {
  return db.select().from(${st}).where(eq(${st}.${fk}, ${fk})).orderBy(asc(${st}.${spk.javaField})).all();
}

/** Inserts detail rows of master \`${fk}\`. */
export function insert${S}Details(db: DbTx, ${fk}: number, rows: Omit<typeof ${st}.$inferInsert, '${fk}'>[]): void {
  for (const row of rows) db.insert(${st}).values({ ...row, ${fk} }).run();
}

/** Deletes the detail rows of the given masters. */
export function delete${S}Details(db: DbTx, ids: number[]): number {
  return db.delete(${st}).where(inArray(${st}.${fk}, ids)).run().changes;
}`);
  }

  const ops = ['and', 'asc', ...(tree ? [] : ['count']), 'eq', 'inArray'];
  if (tree && !ops.includes('count')) ops.push('count');
  ops.sort();
  const file = n.repoFile;
  return `/**
 * ${model.functionName} rows (\`${model.tableName}\`${sub ? ` with details \`${sub.tableName}\`` : ''}; generated by the code generator): ${tree ? 'the tree list' : 'paged list'} by
 * ${q.length ? q.map((c) => `${label(c)} (${c.queryType})`).join(', ') : 'no query field'}, lookup, insert, update, delete${tree ? ', children count' : ''}${sub ? ', detail rows' : ''}.
 */
import { ${ops.join(', ')} } from 'drizzle-orm';
import type { ${tree ? '' : 'Page, '}PageInput } from '${importPath(file, 'server/core/pagination.ts')}';
import { orderOf, ${tree ? '' : 'pageOf, '}type DbTx } from '${importPath(file, 'server/modules/common/query.repo.ts')}';
${genQuery.length ? `import { ${genQuery.join(', ')} } from '${importPath(file, 'server/modules/common/gen-query.repo.ts')}';\n` : ''}import { ${tableImports.join(', ')} } from '${importPath(file, n.tableFile)}';

export type { ${Row} };

${parts.join('\n\n')}
`;
}

