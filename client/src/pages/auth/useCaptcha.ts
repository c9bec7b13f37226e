/**
 * Captcha state of the sign-in and register screens: whether captcha is on, its uuid and
 * data-URL image, and a refresh (click on the image, after a failure). 20 s timeout (trpc.ts).
 * The same reply says whether registration is open (registerEnabled, for 立即注册).
 */
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';

export function useCaptcha() {
  const trpc = useTRPC();
  const query = useQuery({
    ...trpc.auth.captchaImage.queryOptions(),
    staleTime: Infinity,
    gcTime: 0,
  });
  const data = query.data;
  return {
    /** Captcha is shown unless the server says it is off (on while loading, as RuoYi). */
    enabled: data ? data.captchaEnabled !== false : true,
    /** True until the server has said whether captcha is on: forms wait instead of guessing. */
    pending: query.isPending,
    /** Registration is open (config sys.account.registerUser); false until the server says so. */
    registerEnabled: data?.registerEnabled === true,
    uuid: data?.uuid ?? '',
    src: data?.img ? `data:image/png;base64,${data.img}` : '',
    /** The last request for an image failed (its message went to the request-error toast) and no other is under way. */
    failed: query.isError && !query.isFetching,
    refresh: () => void query.refetch(),
  };
}
