/**
 * Embedded external page (RuoYi InnerLink): an iframe of `src` with a 300 ms loading
 * indicator, height calc(100vh - 94.5px) (platform spec §2).
 */
import { Box } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { PageLoading } from '../../components/PageLoading';
import { IFRAME_HEIGHT } from '../../lib/layout-vars';

export const IFRAME_LOADING_MS = 300;

export function InnerLink({ src }: { src: string }) {
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    setLoading(true);
    const t = setTimeout(() => setLoading(false), IFRAME_LOADING_MS);
    return () => clearTimeout(t);
  }, [src]);
  return (
    <Box position="relative" h={IFRAME_HEIGHT} data-testid="inner-link">
      {loading && (
        <Box position="absolute" inset="0" bg="white" zIndex="1">
          <PageLoading minH="100%" />
        </Box>
      )}
      <iframe src={src} title={src} style={{ width: '100%', height: '100%', border: 0, display: 'block' }} />
    </Box>
  );
}
