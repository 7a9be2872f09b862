/** POST /api/auth/change-password {currentPassword, newPassword}: other sessions end, this one stays. */

import { getI18n, useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { changePasswordBody } from '#shared/contracts/auth.ts';
import { api } from '#web/lib/api-client.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';

export type ChangePasswordBody = z.input<typeof changePasswordBody>;

export function changePassword(body: ChangePasswordBody): Promise<{ message: string }> {
  return api('/auth/change-password', { method: 'POST', body, fallback: getI18n().t('account:changeFailed') });
}

export function useChangePassword(opts: { onSuccess?: () => void; onError?: (err: Error) => void } = {}) {
  const { t } = useTranslation('account');
  return useApiMutation({
    mutationFn: changePassword,
    fallback: t('changeFailed'),
    success: t('passwordChanged'),
    toastError: false,
    onSuccess: opts.onSuccess,
    onError: opts.onError,
  });
}
