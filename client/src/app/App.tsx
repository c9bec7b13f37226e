/**
 * Providers: QueryClient > TRPCProvider > ChakraProvider (system from the theme colour and the
 * size setting), then the router and the feedback hosts (toasts, dialogs, loading mask).
 */
import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useMemo, type ReactNode } from 'react';
import { ConfirmHost } from '../lib/modal/confirm';
import { LoadingMaskHost } from '../lib/modal/loading-mask';
import { AppToasters } from '../lib/modal/toaster';
import { chakraSizeOf, rootFontSizeOf } from '../lib/layout-settings';
import { queryClient } from '../lib/query-client';
import { setReloginHandler } from '../lib/request-error';
import { TRPCProvider, trpcClient } from '../lib/trpc';
import { AppRouter } from './router/AppRouter';
import { prefetchSignedInRoutes } from './router/signed-in-routes';
import { useApp } from '../lib/stores/app-store';
import { applyDocumentTitle, useSettings } from '../lib/stores/settings-store';
import { logoutAndReload, setSignInStart } from '../lib/stores/user-store';
import { buildSystem, useThemeRecipes } from './theme';

setReloginHandler(logoutAndReload);
setSignInStart(prefetchSignedInRoutes);

function ThemedChakra({ children }: { children: ReactNode }) {
  const { theme, dynamicTitle } = useSettings();
  const { size } = useApp();
  const recipes = useThemeRecipes();
  const system = useMemo(() => buildSystem(theme, chakraSizeOf(size), recipes), [theme, size, recipes]);
  useEffect(applyDocumentTitle, [dynamicTitle]);
  useEffect(() => { document.documentElement.style.fontSize = `${rootFontSizeOf(size)}px`; }, [size]);
  return <ChakraProvider value={system}>{children}</ChakraProvider>;
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <ThemedChakra>
          <AppRouter />
          <AppToasters />
          <ConfirmHost />
          <LoadingMaskHost />
        </ThemedChakra>
      </TRPCProvider>
    </QueryClientProvider>
  );
}
