/** POST /api/auth/change-password {currentPassword, newPassword}: other sessions end, this one stays. */
import type { z } from 'zod';
import type { changePasswordBody } from '#shared/contracts/auth.ts';
import { api } from '#web/lib/api-client.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';

export type ChangePasswordBody = z.input<typeof changePasswordBody>;

export const CHANGE_PASSWORD_FALLBACK = 'Failed to change password';

export function changePassword(body: ChangePasswordBody): Promise<{ message: string }> {
  return api('/auth/change-password', { method: 'POST', body, fallback: CHANGE_PASSWORD_FALLBACK });
}

export function useChangePassword(opts: { onSuccess?: () => void; onError?: (err: Error) => void } = {}) {
  return useApiMutation({
    mutationFn: changePassword,
    fallback: CHANGE_PASSWORD_FALLBACK,
    success: 'Password changed successfully!',
    toastError: false,
    onSuccess: opts.onSuccess,
    onError: opts.onError,
  });
}
