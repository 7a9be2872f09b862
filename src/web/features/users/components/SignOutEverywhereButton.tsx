/**
 * "Sign Out Everywhere" on the user edit page: ends every session of that user (their refresh
 * cookies and access tokens stop working at once) after a confirmation.
 * POST /api/users/{id}/sign-out-everywhere; the server refuses oneself (use the Profile page).
 */
import Logout from '@mui/icons-material/Logout';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { getI18n, useTranslation } from 'react-i18next';
import { ConfirmDialog } from '#web/components/ConfirmDialog.tsx';
import { api } from '#web/lib/api-client.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';

export function signOutEverywhere(id: string) {
  return api<{ message: string }>(`/users/${encodeURIComponent(id)}/sign-out-everywhere`, {
    method: 'POST',
    fallback: getI18n().t('admin:users.signOutFailed'),
  });
}

export function SignOutEverywhereButton({ userId, userName }: { userId: string; userName: string }) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  const mutation = useApiMutation({
    mutationFn: signOutEverywhere,
    fallback: t('users.signOutFailed'),
    success: t('users.signedOut', { name: userName }),
    onSuccess: () => setOpen(false),
  });
  return (
    <>
      <Button
        variant="outlined"
        color="warning"
        startIcon={<Logout />}
        onClick={() => setOpen(true)}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {t('users.signOutEverywhere')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('users.signOutEverywhere')}
        message={t('users.signOutConfirm', { name: userName })}
        confirmLabel={t('users.signOut')}
        destructive
        pending={mutation.isPending}
        onConfirm={() => mutation.mutate(userId)}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
