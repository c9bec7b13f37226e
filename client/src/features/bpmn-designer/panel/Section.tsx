/**
 * Collapsible panel section (workflow spec §2 "Process model designer": the right-hand panel in
 * RuoYi's collapse style: 常规, 流转条件, 任务, 多实例, 执行监听器, 任务监听器, 扩展属性, 输入输出, 其他).
 */
import { Box, Flex, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';

/** A titled block that opens and closes on its header. */
export function Section({ title, defaultOpen = true, testId, children }: {
  title: string;
  defaultOpen?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(defaultOpen);
  return (
    <Box borderBottomWidth="1px" borderColor="gray.200" data-testid={testId}>
      <Flex
        as="button"
        w="full"
        align="center"
        justify="space-between"
        px="4"
        py="2.5"
        bg="gray.50"
        _hover={{ bg: 'gray.100' }}
        onClick={() => setOpen(!open)}
        aria-expanded={open}
      >
        <Text fontWeight="bold" fontSize="sm" color="#303133">{title}</Text>
        <Text fontSize="xs" color="gray.500" transform={open ? 'rotate(90deg)' : undefined} transition="transform 0.15s">▶</Text>
      </Flex>
      {open && <Box px="4" pt="3" pb="1">{children}</Box>}
    </Box>
  );
}
