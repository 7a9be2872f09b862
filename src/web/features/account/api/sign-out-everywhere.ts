/** POST /api/auth/sign-out-everywhere: ends every session of the user, this one included. */
import { api } from '#web/lib/api-client.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';

export const SIGN_OUT_EVERYWHERE_FALLBACK = 'Failed to sign out everywhere';

export function signOutEverywhere(): Promise<{ message: string }> {
  return api('/auth/sign-out-everywhere', { method: 'POST', body: {}, fallback: SIGN_OUT_EVERYWHERE_FALLBACK });
}

export function useSignOutEverywhere(onSuccess: () => void) {
  return useApiMutation({
    mutationFn: signOutEverywhere,
    fallback: SIGN_OUT_EVERYWHERE_FALLBACK,
    onSuccess,
  });
}
