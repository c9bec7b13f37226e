/**
 * Template of `<pkgdir>/<b>/<b>.repo.ts`: the module's Drizzle queries (list by the query fields,
 * lookup, insert, update, delete; tree: children count; sub: the detail rows), on the async store
 * port (issue 43, README "Two databases"): awaited on `store.db`, results read with
 * `firstRow` / `changesOf`, LIKE by the handle's dialect, as the product's converted repositories.
 */
import type { GenColumnModel, GenTableModel } from '../gen-model';
import { betweenKeys, camel, hasColumn, importPath, isDecimal, label, lit, namesOf, pascal, pkOf, queryColumns, sorted, subFkField } from './naming';

/** TypeScript type of a filter value. */
export const filterTsType = (c: GenColumnModel) => (c.javaType === 'boolean' ? 'boolean' : c.javaType === 'number' ? 'number' : 'string');

/**
 * The condition expressions of the list's where, over table const `t`, filter `f` and the Drizzle
 * handle `db` the query runs on (it picks LIKE's dialect: gen-query.repo.ts compareOf).
 */
export function whereTerms(model: GenTableModel, t: string): string[] {
  return queryColumns(model).map((c) => {
    const col = `${t}.${c.javaField}`;
    if (c.queryType !== 'BETWEEN') return `compareOf('${c.queryType}', ${col}, f.${c.javaField}, db)`;
    const k = betweenKeys(c);
    if (c.javaType === 'number' || isDecimal(c)) return `compareOf('GTE', ${col}, f.${k.begin}, db), compareOf('LTE', ${col}, f.${k.end}, db)`;
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

/** The list's conditions; \`db\` picks LIKE's dialect (SQLite LIKE, PostgreSQL ILIKE). */
const whereOf = (${terms.some((x) => x.includes(', db)')) ? 'db' : '_db'}: ${S}Db, f: ${S}Filter) => and(${terms.join(', ')});`);

  if (tree) {
    parts.push(`/** Every row matching the filters, ordered for the tree (${orderCol ? `${orderCol.javaField}, ` : ''}${pk.javaField}). */
export async function list${S}({ db }: ${S}Store, f: ${S}Filter): Promise<${Row}[]> {
  return db.select().from(${t}).where(whereOf(db, f)).orderBy(...orderOf(${camel(S)}Columns, f, [${fallback}]));
}`);
  } else {
    parts.push(`/** One page \`{rows, total}\` by the query fields, or every row when \`f\` has no paging (export). */
export async function list${S}({ db }: ${S}Store, f: ${S}Filter): Promise<Page<${Row}>> {
  const where = whereOf(db, f);
  const order = orderOf(${camel(S)}Columns, f, [${fallback}]);
  return pageOfAsync(f,
    async () => firstRow(await db.select({ n: count() }).from(${t}).where(where))?.n ?? 0,
    async (limit, offset) => {
      const q = db.select().from(${t}).where(where).orderBy(...order);
      return limit === undefined ? await q : await q.limit(limit).offset(offset ?? 0);
    });
}`);
  }

  parts.push(`/** One row by ${pk.javaField}, or undefined. */
export async function find${S}({ db }: ${S}Store, ${pk.javaField}: number): Promise<${Row} | undefined> {
  return firstRow(await db.select().from(${t}).where(eq(${t}.${pk.javaField}, ${pk.javaField})).limit(1));
}

export type ${S}Values = typeof ${t}.$inferInsert;

/** Inserts one row → its ${pk.javaField}. */
export async function insert${S}({ db }: ${S}Store, v: ${S}Values): Promise<number> {
  const [row] = await db.insert(${t}).values(v).returning({ id: ${t}.${pk.javaField} });
  return row.id;
}

/** Updates one row → changed row count (0 when it does not exist). */
export async function update${S}({ db }: ${S}Store, ${pk.javaField}: number, v: Partial<${S}Values>): Promise<number> {
  return changesOf(await db.update(${t}).set(v).where(eq(${t}.${pk.javaField}, ${pk.javaField})));
}

/** Deletes the rows → deleted row count. */
export async function delete${S}({ db }: ${S}Store, ids: number[]): Promise<number> {
  return changesOf(await db.delete(${t}).where(inArray(${t}.${pk.javaField}, ids)));
}`);

  if (tree) {
    const tf = model.columns.find((c) => c.columnName === model.treeParentCode)!;
    parts.push(`/** Rows whose ${tf.javaField} is \`id\` (a node with children may not be deleted). */
export async function count${S}Children({ db }: ${S}Store, id: number): Promise<number> {
  return firstRow(await db.select({ n: count() }).from(${t}).where(eq(${t}.${tf.javaField}, id)))?.n ?? 0;
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
export async function list${S}Details({ db }: ${S}Store, ${fk}: number): Promise<${SubRow}[]> {
  return db.select().from(${st}).where(eq(${st}.${fk}, ${fk})).orderBy(asc(${st}.${spk.javaField}));
}

/** Inserts detail rows of master \`${fk}\` (in order, inside the caller's transaction). */
export async function insert${S}Details({ db }: ${S}Store, ${fk}: number, rows: Omit<typeof ${st}.$inferInsert, '${fk}'>[]): Promise<void> {
  for (const row of rows) await db.insert(${st}).values({ ...row, ${fk} });
}

/** Deletes the detail rows of the given masters → deleted row count. */
export async function delete${S}Details({ db }: ${S}Store, ids: number[]): Promise<number> {
  return changesOf(await db.delete(${st}).where(inArray(${st}.${fk}, ids)));
}`);
  }

  const ops = ['and', 'asc', ...(tree ? [] : ['count']), 'eq', 'inArray'];
  if (tree && !ops.includes('count')) ops.push('count');
  ops.sort();
  const file = n.repoFile;
  return `/**
 * ${model.functionName} rows (\`${model.tableName}\`${sub ? ` with details \`${sub.tableName}\`` : ''}; generated by the code generator): ${tree ? 'the tree list' : 'paged list'} by
 * ${q.length ? q.map((c) => `${label(c)} (${c.queryType})`).join(', ') : 'no query field'}, lookup, insert, update, delete${tree ? ', children count' : ''}${sub ? ', detail rows' : ''}.
 * On the async store (issue 43): the queries are awaited on \`store.db\` (the open transaction's
 * handle inside one), so the same code runs over SQLite and PostgreSQL; writes run inside the
 * caller's \`store.transaction\`.
 */
import { ${ops.join(', ')} } from 'drizzle-orm';
import type { Db } from '${importPath(file, 'server/db/client.ts')}';
import type { Store } from '${importPath(file, 'server/db/store/port.ts')}';
import { changesOf, firstRow } from '${importPath(file, 'server/db/store/results.ts')}';
import type { ${tree ? '' : 'Page, '}PageInput } from '${importPath(file, 'server/core/pagination.ts')}';
import { orderOf${tree ? '' : ', pageOfAsync'} } from '${importPath(file, 'server/modules/common/query.repo.ts')}';
${genQuery.length ? `import { ${genQuery.join(', ')} } from '${importPath(file, 'server/modules/common/gen-query.repo.ts')}';\n` : ''}import { ${tableImports.join(', ')} } from '${importPath(file, n.tableFile)}';

export type { ${Row} };

/** What the queries need of the store: its Drizzle handle (the open transaction's inside one). */
type ${S}Store = Pick<Store<Db>, 'db'>;
type ${S}Db = ${S}Store['db'];

${parts.join('\n\n')}
`;
}

