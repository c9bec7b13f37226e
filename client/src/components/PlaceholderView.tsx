/**
 * Placeholder for menus whose screen is not built yet: names the menu and says it is coming.
 */
import { Box, Heading, Text } from '@chakra-ui/react';

export function PlaceholderView({ title, component }: { title: string; component?: string }) {
  return (
    <Box p="5">
      <Box bg="bg" borderWidth="1px" borderRadius="md" p="8" textAlign="center" data-testid="placeholder-view">
        <Heading size="lg" mb="3">
          {title || '页面'}
        </Heading>
        <Text color="fg.muted">「{title || component}」页面正在建设中，敬请期待。</Text>
        {component && (
          <Text mt="2" fontSize="xs" color="fg.subtle">
            {component}
          </Text>
        )}
      </Box>
    </Box>
  );
}
