/**
 * Full-screen loading mask (RuoYi's $modal.loading), used by downloads and lazy loads.
 */
import { Box, Flex, Spinner, Text } from '@chakra-ui/react';
import { createStore, useStore } from '../store';

const mask = createStore<{ count: number; text: string }>({ count: 0, text: '' });

/** Shows the mask with `text`; call the returned function to hide it. */
export function openLoading(text = '正在处理，请稍候...'): () => void {
  mask.set((s) => ({ count: s.count + 1, text }));
  let done = false;
  return () => {
    if (done) return;
    done = true;
    mask.set((s) => ({ count: Math.max(0, s.count - 1) }));
  };
}

/** Renders the mask while any loading is open. */
export function LoadingMaskHost() {
  const { count, text } = useStore(mask);
  if (count === 0) return null;
  return (
    <Flex
      position="fixed"
      inset="0"
      zIndex="max"
      bg="blackAlpha.500"
      align="center"
      justify="center"
      data-testid="loading-mask"
    >
      <Box textAlign="center" color="white">
        <Spinner size="lg" color="white" />
        <Text mt="3">{text}</Text>
      </Box>
    </Flex>
  );
}
