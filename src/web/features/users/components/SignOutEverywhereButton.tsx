/**
 * "Sign Out Everywhere" on the user edit page: ends every session of that user (their refresh
 * cookies and access tokens stop working at once) after a confirmation.
 * POST /api/users/{id}/sign-out-everywhere; the server refuses oneself (use the Profile page).
 */
import Logout from '@mui/icons-material/Logout';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { ConfirmDialog } from '#web/components/ConfirmDialog.tsx';
import { api } from '#web/lib/api-client.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';

export const SIGN_OUT_EVERYWHERE_FALLBACK = 'Failed to sign the user out';

export function signOutEverywhere(id: string) {
  return api<{ message: string }>(`/users/${encodeURIComponent(id)}/sign-out-everywhere`, {
    method: 'POST',
    fallback: SIGN_OUT_EVERYWHERE_FALLBACK,
  });
}

export function SignOutEverywhereButton({ userId, userName }: { userId: string; userName: string }) {
  const [open, setOpen] = useState(false);
  const mutation = useApiMutation({
    mutationFn: signOutEverywhere,
    fallback: SIGN_OUT_EVERYWHERE_FALLBACK,
    success: `${userName} was signed out everywhere`,
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
        Sign Out Everywhere
      </Button>
      <ConfirmDialog
        open={open}
        title="Sign Out Everywhere"
        message={`End every session of ${userName}? They will have to sign in again on all their devices.`}
        confirmLabel="Sign Out"
        destructive
        pending={mutation.isPending}
        onConfirm={() => mutation.mutate(userId)}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
