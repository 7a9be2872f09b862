/**
 * /profile: the signed-in user's details (name, email, role, region), a Change Password form and
 * 'Sign out everywhere'.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Logout from '@mui/icons-material/Logout';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { changePasswordBody } from '#shared/contracts/auth.ts';
import { initials } from '#shared/domain/format.ts';
import { ConfirmDialog } from '#web/components/ConfirmDialog.tsx';
import { PageHeader } from '#web/components/PageHeader.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { applyFieldErrors } from '#web/lib/forms.ts';
import { CHANGE_PASSWORD_FALLBACK, useChangePassword } from './api/change-password.ts';
import { useSignOutEverywhere } from './api/sign-out-everywhere.ts';

const passwordForm = changePasswordBody
  .extend({ confirmPassword: z.string().min(1, 'Confirm the new password') })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: 'Passwords do not match' });

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, py: 1.25, gap: { xs: 0.25, sm: 2 } }}>
      <Typography color="text.secondary" sx={{ width: { sm: 120 }, flexShrink: 0 }}>
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 500, wordBreak: 'break-word' }}>{value}</Typography>
    </Box>
  );
}

function ChangePasswordCard() {
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(passwordForm),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = form;
  const mutation = useChangePassword({
    onSuccess: () => reset(),
    onError: (err) => {
      if (!applyFieldErrors(err, setError, ['currentPassword', 'newPassword'])) {
        setFormError(errorMessage(err, CHANGE_PASSWORD_FALLBACK));
      }
    },
  });

  const onSubmit = handleSubmit((v) => {
    setFormError(null);
    mutation.mutate({ currentPassword: v.currentPassword, newPassword: v.newPassword });
  });

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Change Password
        </Typography>
        {formError ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {formError}
          </Alert>
        ) : null}
        <Box component="form" noValidate onSubmit={onSubmit}>
          <Stack spacing={2}>
            <TextField
              label="Current Password"
              type="password"
              autoComplete="current-password"
              error={!!errors.currentPassword}
              helperText={errors.currentPassword?.message}
              {...register('currentPassword')}
            />
            <TextField
              label="New Password"
              type="password"
              autoComplete="new-password"
              error={!!errors.newPassword}
              helperText={errors.newPassword?.message}
              {...register('newPassword')}
            />
            <TextField
              label="Confirm New Password"
              type="password"
              autoComplete="new-password"
              error={!!errors.confirmPassword}
              helperText={errors.confirmPassword?.message}
              {...register('confirmPassword')}
            />
            <Box>
              <Button type="submit" variant="contained" disabled={mutation.isPending}>
                {mutation.isPending ? 'Saving...' : 'Change Password'}
              </Button>
            </Box>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}

export default function ProfilePage() {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const signOut = useSignOutEverywhere(async () => {
    setConfirming(false);
    await logout();
    navigate('/login', { replace: true });
  });

  if (!user) return null;
  return (
    <Box sx={{ maxWidth: 760 }}>
      <PageHeader title="Profile" mb={3} />
      <Stack spacing={3}>
        <Card variant="outlined">
          <CardContent>
            <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center' }}>
              <Avatar sx={{ bgcolor: 'primary.main', width: 56, height: 56, fontSize: '1.4rem' }}>
                {initials(user.name)}
              </Avatar>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="h6" component="h2" noWrap>
                  {user.name}
                </Typography>
                <Typography color="text.secondary" noWrap>
                  {user.role.name}
                </Typography>
              </Box>
            </Stack>
            <Divider />
            <Detail label="Name" value={user.name} />
            <Detail label="Email" value={user.email} />
            <Detail label="Role" value={user.role.name} />
            <Detail label="Region" value={user.region?.name ?? 'N/A'} />
            {user.phone ? <Detail label="Phone" value={user.phone} /> : null}
          </CardContent>
        </Card>

        <ChangePasswordCard />

        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              Sessions
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              Sign out of AquaDesk on every device and browser where you are signed in, this one included.
            </Typography>
            <Button variant="outlined" color="error" startIcon={<Logout />} onClick={() => setConfirming(true)}>
              Sign out everywhere
            </Button>
          </CardContent>
        </Card>
      </Stack>
      <ConfirmDialog
        open={confirming}
        title="Sign out everywhere"
        message="You will be signed out on every device, including this one."
        confirmLabel="Sign out everywhere"
        destructive
        pending={signOut.isPending}
        onConfirm={() => signOut.mutate()}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
