/**
 * Template of `client/src/routes/<m>/<b>/index.tsx`: the list screen (after system/post): search
 * form by the query fields, toolbar with RightToolbar, the table, paging and the add/edit dialog;
 * the tree template shows a tree table (展开/折叠, 新增 below a row) without paging.
 */
import type { GenTableModel } from '../gen-model';
import { cellRender, dictTypesOf, filterStateFields, hasDict, queryEntries, rowTypeLine, searchField, searchKeys, useDictLine } from './client-kit';
import { label, listColumns, lit, namesOf, pkOf, queryColumns, treeFields } from './naming';

/** Source of the list screen. */
export function renderListView(model: GenTableModel): string {
  const n = namesOf(model);
  const b = n.businessName;
  const p = n.permPrefix;
  const pk = pkOf(model);
  const C = model.className;
  const tree = model.tplCategory === 'tree';
  const imp = model.tplCategory === 'crud' && model.withImport;
  const q = queryColumns(model);
  const tf0 = tree ? treeFields(model) : undefined;
  const cols = listColumns(model).filter((c) => c.javaField !== tf0?.parent);
  const dicts = dictTypesOf([...q, ...cols]);
  const state = filterStateFields(q);
  const tf = tree ? treeFields(model) : undefined;
  const usesRange = q.some((c) => searchKeys(c).range);
  const usesDate = q.some((c) => !searchKeys(c).range && c.htmlType === 'datetime' && c.queryType !== 'BETWEEN' && c.javaType === 'string');
  const usesDictSelect = q.some((c) => hasDict(c) && c.javaType !== 'boolean' && !searchKeys(c).range);
  const usesOption = q.some((c) => c.javaType === 'boolean');
  const usesInput = q.some((c) => !searchKeys(c).range && c.javaType !== 'boolean' && !hasDict(c) && !(c.htmlType === 'datetime' && c.queryType !== 'BETWEEN'));
  const usesFlex = q.some((c) => c.queryType === 'BETWEEN' && !searchKeys(c).range);
  const usesImage = cols.some((c) => c.htmlType === 'imageUpload' && cellRender(c));
  const usesTag = cols.some((c) => hasDict(c));

  const columnLines = cols.map((c) => {
    const r = cellRender(c);
    return `    { key: '${c.javaField}', title: ${lit(label(c))}${c.htmlType === 'datetime' ? ', width: 180' : ''}${r ? `, render: ${r}` : ''} },`;
  });
  const actions = tree
    ? `    {
      key: 'actions',
      title: '操作',
      render: (r) => (
        <Flex gap="1">
          <RowButton perm={['${p}:edit']} icon="edit" onClick={() => setDialog({ ${pk.javaField}: r.${pk.javaField} })}>修改</RowButton>
          <RowButton perm={['${p}:add']} icon="plus" onClick={() => setDialog({ ${tf!.parent}: r.${pk.javaField} })}>新增</RowButton>
          <RowButton perm={['${p}:remove']} icon="delete" onClick={() => void handleDelete([r.${pk.javaField}])}>删除</RowButton>
        </Flex>
      ),
    },`
    : `    {
      key: 'actions',
      title: '操作',
      render: (r) => <EditRemoveCell perm="${p}" onEdit={() => setDialog({ ${pk.javaField}: r.${pk.javaField} })} onRemove={() => void handleDelete([r.${pk.javaField}])} />,
    },`;

  const chakra = ['Box', ...(usesFlex || tree ? ['Flex'] : []), ...(usesInput ? ['Input'] : [])].sort();
  const imports = [
    `import { ${chakra.join(', ')} } from '@chakra-ui/react';`,
    `import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';`,
    `import type { inferRouterOutputs } from '@trpc/server';`,
    `import { ${tree ? 'useMemo, ' : ''}useState } from 'react';`,
    `import { confirmDelete, exportExcel, MSG } from '../../../components/feedback/actions';`,
    `import { msgSuccess } from '../../../lib/modal/toaster';`,
    ...(usesTag ? [`import { DictTag } from '../../../components/dict/DictTag';`] : []),
    ...(usesDictSelect || usesOption ? [`import { ${[usesDictSelect ? 'DictSelect' : '', usesOption ? 'OptionSelect' : ''].filter(Boolean).join(', ')} } from '../../../components/form/OptionSelect';`] : []),
    ...(usesDate ? [`import { DatePicker } from '../../../components/pickers/DatePicker';`] : []),
    ...(usesRange ? [`import { DateRangePicker } from '../../../components/pickers/DateRangePicker';`] : []),
    ...(tree ? [] : [`import { Pagination } from '../../../components/Pagination';`]),
    `import { DataTable, type DataColumn } from '../../../components/table/DataTable';`,
    ...(tree ? [`import { ExpandToggle } from '../../../components/table/NameStatusSearch';`] : []),
    `import { RightToolbar } from '../../../components/table/RightToolbar';`,
    `import { ${tree ? 'RowButton' : 'EditRemoveCell'} } from '../../../components/table/RowButton';`,
    ...(q.length ? [`import { SearchField, SearchForm } from '../../../components/table/SearchForm';`] : []),
    `import { ${imp ? 'PermButton, ' : ''}ToolbarButtons } from '../../../components/table/ToolbarButtons';`,
    (tree ? `import { handleTree, type RowKey } from '../../../components/table/table-utils';` : `import type { RowKey } from '../../../components/table/table-utils';`),
    ...(usesImage ? [`import { ServedImage } from '../../../components/upload/served-file';`] : []),
    ...(dicts.length ? [`import { useDict } from '../../../hooks/useDict';`] : []),
    `import { useTRPC, type AppRouter } from '../../../lib/trpc';`,
    `import { ${C}FormDialog, type ${C}DialogState } from './${C}FormDialog';`,
    ...(imp ? [`import { ${C}ImportDialog } from './${C}ImportDialog';`] : []),
  ];

  const search = q.length
    ? `      <SearchForm
        show={showSearch}
        onSearch={() => search(draft)}
        onReset={() => {
          setDraft(EMPTY_FILTERS);
          search(EMPTY_FILTERS);
        }}
        testId="${b}-search"
      >
        ${q.map(searchField).join('\n')}
      </SearchForm>`
    : '';
  const listCall = tree
    ? `const list = useQuery({ ...trpc.${n.key}.list.queryOptions({ ...query }), placeholderData: keepPreviousData });
  const rows = useMemo(() => handleTree(list.data ?? [], '${pk.javaField}', '${tf!.parent}'), [list.data]);`
    : `const list = useQuery({ ...trpc.${n.key}.list.queryOptions({ ...page, ...query }), placeholderData: keepPreviousData });
  const rows = list.data?.rows ?? [];`;

  return `/**
 * ${model.functionName} (${n.moduleName}/${b}/index; generated by the code generator): ${q.length ? `search ${q.map(label).join(', ')}; ` : ''}toolbar
 * 新增${tree ? ', 展开/折叠' : ' / 修改 / 删除'} / 导出${imp ? ' / 导入' : ''} with RightToolbar; the ${tree ? 'tree table (opened fully)' : 'table with paging'}; the add/edit dialog.
 */
${imports.join('\n')}

${rowTypeLine(model)}

interface ${C}Filters {
${state.map((s) => `  ${s.key}: ${s.type};`).join('\n')}
}
const EMPTY_FILTERS: ${C}Filters = { ${state.map((s) => `${s.key}: ${s.empty}`).join(', ')} };

export default function ${C}List() {
  const trpc = useTRPC();${dicts.length ? `\n  ${useDictLine(dicts)}` : ''}
  const [draft, setDraft] = useState<${C}Filters>(EMPTY_FILTERS);
  const [filters, setFilters] = useState<${C}Filters>(EMPTY_FILTERS);
  ${tree ? 'const [expandAll, setExpandAll] = useState(true);\n  const [tableKey, setTableKey] = useState(0);' : 'const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });'}
  const [showSearch, setShowSearch] = useState(true);
  const [selected, setSelected] = useState<RowKey[]>([]);
  const [dialog, setDialog] = useState<${C}DialogState | null>(null);${imp ? '\n  const [importing, setImporting] = useState(false);' : ''}

  const query = { ${queryEntries(q).join(', ')} };
  ${listCall}
  const remove = useMutation(trpc.${n.key}.remove.mutationOptions());
  const refresh = () => void list.refetch();
  const search = (next: ${C}Filters) => {
    setFilters(next);${tree ? '' : '\n    setPage((p) => ({ ...p, pageNum: 1 }));'}
  };

  const handleDelete = async (ids: RowKey[]) => {
    if (!(await confirmDelete(ids, ${lit(label(pk))}))) return;
    remove.mutate(
      { ids: ids.map(Number) },
      {
        onSuccess: () => {
          refresh();
          msgSuccess(MSG.remove);
          setSelected((s) => s.filter((k) => !ids.includes(k)));
        },
      },
    );
  };

  const columns: DataColumn<${C}Row>[] = [
${columnLines.join('\n')}
${actions}
  ];

  return (
    <Box p="5" data-testid="${b}-list">
${search}
      <ToolbarButtons
        add={{ perm: '${p}:add', onClick: () => setDialog({}) }}
        edit={{ perm: '${p}:edit', disabled: selected.length !== 1, onClick: () => setDialog({ ${pk.javaField}: Number(selected[0]) }) }}
        remove={{ perm: '${p}:remove', disabled: selected.length === 0, onClick: () => void handleDelete(selected) }}
        exportAction={{ perm: '${p}:export', onClick: () => void exportExcel('${n.restBase}/export', query) }}
        right={<RightToolbar showSearch={showSearch} onShowSearchChange={setShowSearch} onRefresh={refresh} />}
      >${imp ? `
        <PermButton perm="${p}:import" tone="info" icon="upload" onClick={() => setImporting(true)} testId="btn-import">
          导入
        </PermButton>` : ''}${tree ? `
        <ExpandToggle
          onClick={() => {
            setExpandAll((v) => !v);
            setTableKey((k) => k + 1);
          }}
        />` : ''}
      </ToolbarButtons>
      <DataTable
        ${tree ? 'key={tableKey}\n        ' : ''}columns={columns}
        data={rows}
        rowKey="${pk.javaField}"
        loading={list.isFetching}
        selection={{ selectedKeys: selected, onChange: (keys) => setSelected(keys) }}${tree ? '\n        tree={{ defaultExpandAll: expandAll }}' : ''}
        testId="${b}-table"
      />
${tree ? '' : `      <Pagination total={list.data?.total ?? 0} page={page.pageNum} limit={page.pageSize} onChange={(pageNum, pageSize) => setPage({ pageNum, pageSize })} />\n`}      {dialog && (
        <${C}FormDialog
          state={dialog}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            refresh();
          }}
        />
      )}${imp ? `\n      {importing && <${C}ImportDialog onClose={() => setImporting(false)} onDone={refresh} />}` : ''}
    </Box>
  );
}
`;
}
