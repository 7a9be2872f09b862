/** POST /api/auth/sign-out-everywhere: ends every session of the user, this one included. */

import { getI18n, useTranslation } from 'react-i18next';
import { api } from '#web/lib/api-client.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';

export function signOutEverywhere(): Promise<{ message: string }> {
  return api('/auth/sign-out-everywhere', { method: 'POST', body: {}, fallback: getI18n().t('account:signOutFailed') });
}

export function useSignOutEverywhere(onSuccess: () => void) {
  const { t } = useTranslation('account');
  return useApiMutation({
    mutationFn: signOutEverywhere,
    fallback: t('signOutFailed'),
    onSuccess,
  });
}
