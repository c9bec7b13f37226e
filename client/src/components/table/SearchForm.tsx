/**
 * The inline search form above a list (RuoYi `<el-form :inline v-show="showSearch">` with
 * 搜索 / 重置; platform spec §2 list screens). Enter in any field searches.
 *
 * `<SearchForm show={showSearch} onSearch={search} onReset={reset}>`
 * `  <SearchField label="用户名称"><Input … /></SearchField>`
 * `</SearchForm>`
 *
 * SearchForm props: `onSearch(): void`, `onReset(): void`, `show?: boolean` (true),
 * `children`, `labelWidth?: string` ('auto'), `extra?: ReactNode` (more buttons after 重置),
 * `testId?: string` ('search-form').
 * SearchField props: `label: string`, `children` (the control), `labelWidth?: string`,
 * `w?: string` (control width wrapper, e.g. '200px').
 */
import { Box, Button, Field, Flex } from '@chakra-ui/react';
import { createContext, useContext, type FormEvent, type ReactNode } from 'react';
import { Icon } from '../Icon';

const LabelWidth = createContext<string>('auto');

export interface SearchFormProps {
  onSearch: () => void;
  onReset: () => void;
  show?: boolean;
  children: ReactNode;
  labelWidth?: string;
  extra?: ReactNode;
  testId?: string;
}

export function SearchForm({ onSearch, onReset, show = true, children, labelWidth = 'auto', extra, testId = 'search-form' }: SearchFormProps) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch();
  };
  return (
    <LabelWidth.Provider value={labelWidth}>
      <Box as="form" onSubmit={submit} display={show ? 'block' : 'none'} mb="2" data-testid={testId} role="search">
        <Flex gap="3" columnGap="5" wrap="wrap" align="center" fontSize="sm">
          {children}
          <Flex gap="2">
            <Button type="submit" size="sm" colorPalette="brand">
              <Icon name="search" />
              搜索
            </Button>
            <Button type="button" size="sm" variant="outline" onClick={onReset}>
              <Icon name="refresh" />
              重置
            </Button>
            {extra}
          </Flex>
        </Flex>
      </Box>
    </LabelWidth.Provider>
  );
}

export interface SearchFieldProps {
  label: string;
  children: ReactNode;
  labelWidth?: string;
  w?: string;
}

export function SearchField({ label, children, labelWidth, w }: SearchFieldProps) {
  const inherited = useContext(LabelWidth);
  return (
    <Field.Root orientation="horizontal" w="auto" gap="2">
      <Field.Label whiteSpace="nowrap" fontWeight="bold" color="#606266" w={labelWidth ?? inherited} justifyContent="flex-end" mb="0">
        {label}
      </Field.Label>
      <Box w={w}>{children}</Box>
    </Field.Root>
  );
}
