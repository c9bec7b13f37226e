/**
 * The two-column `label：value` grid of detail dialogs (RuoYi's el-form label/value pairs in the
 * job, job-log and operation-log details). `labelWidth` defaults to 90px.
 */
import { Box, GridItem, SimpleGrid, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** One `label：value` cell of a detail dialog; `full` spans both columns. */
export function DetailItem({ label, children, full, labelWidth = '90px' }: { label: string; children: ReactNode; full?: boolean; labelWidth?: string }) {
  return (
    <GridItem colSpan={full ? 2 : 1} display="flex" gap="2" fontSize="sm" minW="0">
      <Text as="span" flexShrink={0} w={labelWidth} textAlign="right" fontWeight="bold" color="#606266">
        {label}：
      </Text>
      <Box as="span" flex="1" minW="0" wordBreak="break-all" whiteSpace="pre-wrap">
        {children}
      </Box>
    </GridItem>
  );
}

/** The grid holding DetailItems, two columns. */
export function DetailGrid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid columns={2} rowGap="3" columnGap="4">
      {children}
    </SimpleGrid>
  );
}
