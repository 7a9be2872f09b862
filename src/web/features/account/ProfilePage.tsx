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
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { changePasswordBody } from '#shared/contracts/auth.ts';
import { initials } from '#shared/domain/format.ts';
import type { Locale } from '#shared/i18n/locales.ts';
import { ConfirmDialog } from '#web/components/ConfirmDialog.tsx';
import { LanguagePicker } from '#web/components/LanguagePicker.tsx';
import { PageHeader } from '#web/components/PageHeader.tsx';
import { useToast } from '#web/components/toast.tsx';
import { useLocale, useRoleName, useServerText } from '#web/i18n/hooks.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { applyFieldErrors } from '#web/lib/forms.ts';
import { saveMyLocale } from '#web/lib/my-locale.ts';
import { useChangePassword } from './api/change-password.ts';
import { useSignOutEverywhere } from './api/sign-out-everywhere.ts';

/** Its own checks' messages are catalogue keys (`account` namespace); the contract's are server texts. */
const passwordForm = changePasswordBody
  .extend({ confirmPassword: z.string().min(1, 'confirmRequired') })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: 'mismatch' });

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
  const { t } = useTranslation('account');
  const serverText = useServerText();
  /** A field's message: this form's own keys, else the contract's English in the app's language. */
  const fieldText = (m: string | undefined) => (m === 'confirmRequired' || m === 'mismatch' ? t(m) : serverText(m));
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
        setFormError(errorMessage(err, t('changeFailed')));
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
          {t('changePassword')}
        </Typography>
        {formError ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {formError}
          </Alert>
        ) : null}
        <Box component="form" noValidate onSubmit={onSubmit}>
          <Stack spacing={2}>
            <TextField
              label={t('currentPassword')}
              type="password"
              autoComplete="current-password"
              error={!!errors.currentPassword}
              helperText={fieldText(errors.currentPassword?.message)}
              {...register('currentPassword')}
            />
            <TextField
              label={t('newPassword')}
              type="password"
              autoComplete="new-password"
              error={!!errors.newPassword}
              helperText={fieldText(errors.newPassword?.message)}
              {...register('newPassword')}
            />
            <TextField
              label={t('confirmNewPassword')}
              type="password"
              autoComplete="new-password"
              error={!!errors.confirmPassword}
              helperText={fieldText(errors.confirmPassword?.message)}
              {...register('confirmPassword')}
            />
            <Box>
              <Button type="submit" variant="contained" disabled={mutation.isPending}>
                {mutation.isPending ? t('saving') : t('changePassword')}
              </Button>
            </Box>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}

/** The account's language (ADR 022): saved to the account, applied at once. */
function LanguageCard() {
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation('common');
  const locale = useLocale();
  const toast = useToast();
  const [saving, setSaving] = useState(false);
  const choose = async (next: Locale) => {
    setSaving(true);
    try {
      await saveMyLocale(next);
      // Worded in the language just chosen (this render's `t` still speaks the old one).
      toast.success(t('languageSaved', { lng: next }));
    } catch (err) {
      toast.error(errorMessage(err, t('languageFailed', { lng: next })));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {tc('language')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('languageHelp')}
        </Typography>
        <LanguagePicker value={locale} onChange={(l) => void choose(l)} disabled={saving} />
      </CardContent>
    </Card>
  );
}

export default function ProfilePage() {
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation('common');
  const roleName = useRoleName();
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
      <PageHeader title={t('title')} mb={3} />
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
                  {roleName(user.role.name)}
                </Typography>
              </Box>
            </Stack>
            <Divider />
            <Detail label={tc('field.name')} value={user.name} />
            <Detail label={tc('field.email')} value={user.email} />
            <Detail label={tc('field.role')} value={roleName(user.role.name)} />
            <Detail label={tc('field.region')} value={user.region?.name ?? '—'} />
            {user.phone ? <Detail label={tc('field.phone')} value={user.phone} /> : null}
          </CardContent>
        </Card>

        <LanguageCard />

        <ChangePasswordCard />

        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              {t('sessions')}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {t('sessionsHelp')}
            </Typography>
            <Button variant="outlined" color="error" startIcon={<Logout />} onClick={() => setConfirming(true)}>
              {t('signOutEverywhere')}
            </Button>
          </CardContent>
        </Card>
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={t('signOutEverywhere')}
        message={t('signOutConfirm')}
        confirmLabel={t('signOutEverywhere')}
        destructive
        pending={signOut.isPending}
        onConfirm={() => signOut.mutate()}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
