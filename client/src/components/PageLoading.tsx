/**
 * Centred spinner shown while a page or the session loads.
 */
import { Center, Spinner } from '@chakra-ui/react';

export function PageLoading({ minH = '60vh' }: { minH?: string }) {
  return (
    <Center minH={minH} data-testid="page-loading">
      <Spinner size="lg" color="brand.solid" />
    </Center>
  );
}
