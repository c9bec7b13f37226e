/**
 * The designer's right panel (spec §2 "Form designer": two tabs 组件属性 and 表单属性, with the
 * icon-picker and tree-node dialogs; form-generator RightPanel.vue). It fills the column the
 * designer gives it (380 px) and scrolls on its own. 组件属性 edits the selected component (each
 * property only for the tags that have it, see props.ts) and calls `onItemChange(next)` with a new object per edit (never mutating
 * `activeItem`); 表单属性 edits the form configuration through `onFormConfChange`.
 *
 * Test ids: `designer-right-panel` (root), `panel-tab-component` / `panel-tab-form` (tabs),
 * `component-props` (the component tab's body), `panel-empty` (nothing selected), `prop-<name>`
 * (each control), `options-editor`, `option-row`, `option-add`, `option-dialog`, `cascader-data`,
 * `static-tree`, `tree-node`, `tree-add-root`, `tree-node-dialog`, `dynamic-status`,
 * `reglist-editor`, `reg-row`, `reg-pattern`, `reg-message`, `reg-add`, `showwhen-editor`,
 * `detail-table-props`, `detail-table-hint`, `form-props`, `panel-error` (messages).
 */
import { Box, Tabs, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { RightPanelProps } from '../types';
import { BasicProps } from './BasicProps';
import { CascaderData } from './CascaderData';
import { DetailTableProps } from './DetailTableProps';
import { FormProps } from './FormProps';
import { OptionsEditor } from './OptionsEditor';
import { showsProp } from './props';
import { RegListEditor } from './RegListEditor';
import { ShowWhenEditor } from './ShowWhenEditor';
import { isDetailColumn } from './visibility';
import { ToggleProps } from './ToggleProps';
import { TypeProps } from './TypeProps';

/** The component tab's body for the selected component (or the empty hint). */
function ComponentProps({ activeItem: item, onItemChange, drawingList, nextTreeNodeId }: RightPanelProps) {
  if (!item) {
    return (
      <Text fontSize="sm" color="fg.muted" textAlign="center" py="10" data-testid="panel-empty">
        请在画布中选择组件
      </Text>
    );
  }
  const editor = { item, onItemChange };
  // A detail-table column is per row: no visibility rule of its own (the table's rule covers it).
  const column = isDetailColumn(drawingList, item.__config__.formId);
  return (
    <Box data-testid="component-props" key={String(item.__config__.formId ?? '')}>
      <BasicProps {...editor} detailColumn={column} />
      <TypeProps {...editor} />
      {showsProp(item, 'detailTable') && <DetailTableProps {...editor} />}
      <ToggleProps {...editor} />
      {showsProp(item, 'options') && <OptionsEditor {...editor} />}
      {showsProp(item, 'cascaderData') && <CascaderData {...editor} nextTreeNodeId={nextTreeNodeId} />}
      {showsProp(item, 'regList') && <RegListEditor {...editor} />}
      {showsProp(item, 'showWhen') && !column && <ShowWhenEditor {...editor} drawingList={drawingList} />}
    </Box>
  );
}

/** The right panel; see the file comment. */
export function RightPanel(props: RightPanelProps) {
  const [tab, setTab] = useState('component');
  return (
    <Box data-testid="designer-right-panel" w="100%" h="100%" bg="bg" display="flex" flexDirection="column" minH="0">
      <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value)} variant="line" size="sm" fitted display="flex" flexDirection="column" h="100%" minH="0">
        <Tabs.List flexShrink={0}>
          <Tabs.Trigger value="component" data-testid="panel-tab-component">组件属性</Tabs.Trigger>
          <Tabs.Trigger value="form" data-testid="panel-tab-form">表单属性</Tabs.Trigger>
        </Tabs.List>
        <Box flex="1" minH="0" overflowY="auto" px="3" pt="3" pb="6" data-testid="right-panel-scroll">
          <Tabs.Content value="component" p="0">
            <ComponentProps {...props} />
          </Tabs.Content>
          <Tabs.Content value="form" p="0">
            <FormProps formConf={props.formConf} onFormConfChange={props.onFormConfChange} />
          </Tabs.Content>
        </Box>
      </Tabs.Root>
    </Box>
  );
}
