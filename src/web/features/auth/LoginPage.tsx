/**
 * /login (spec "Login"): the service name and 'Sign in to your account', email and password
 * (show/hide), the spec's validation messages (the shared `loginBody` contract), 'Signing in...'
 * while pending, the server's message in an alert on failure, and the demo quick-fill buttons.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { loginBody } from '#shared/contracts/auth.ts';
import { LanguagePicker } from '#web/components/LanguagePicker.tsx';
import { Loading } from '#web/components/Loading.tsx';
import { useLocale, useServerText } from '#web/i18n/hooks.ts';
import { setLanguage } from '#web/i18n/index.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { usePublicConfig, useServiceName } from '#web/lib/config.ts';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import { saveMyLocale } from '#web/lib/my-locale.ts';

/** Where to go after signing in: a local path the guard remembered, else the dashboard. */
export function afterLoginPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/login')) {
    return from;
  }
  return '/dashboard';
}

export default function LoginPage() {
  const { isAuthenticated, loading, error, login } = useAuth();
  const location = useLocation();
  const config = usePublicConfig().data;
  const serviceName = useServiceName();
  const [showPassword, setShowPassword] = useState(false);
  const { t } = useTranslation('auth');
  useDocumentTitle(t('title'));
  const serverText = useServerText();
  const locale = useLocale();
  // A language picked here is this device's until sign-in, then the account's (ADR 022).
  const picked = useRef(false);
  const form = useForm({
    resolver: zodResolver(loginBody),
    defaultValues: { email: '', password: '' },
  });
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitting },
  } = form;

  if (isAuthenticated) {
    if (loading) return <Loading message={t('checking')} fullScreen />;
    return <Navigate to={afterLoginPath(location.state)} replace />;
  }

  const onSubmit = handleSubmit(async (values) => {
    try {
      const user = await login(values);
      if (picked.current && user.locale !== locale) void saveMyLocale(locale).catch(() => undefined);
    } catch {
      // The alert shows the auth state's error.
    }
  });

  const quickFill = (account: { email: string; password: string }) => {
    setValue('email', account.email, { shouldValidate: true });
    setValue('password', account.password, { shouldValidate: true });
  };

  const pending = isSubmitting || loading;
  const demo = config?.demo ? config.demoAccounts : null;

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        background: 'linear-gradient(135deg, #e3f2fd 0%, #e0f7fa 100%)',
      }}
    >
      <Paper elevation={4} sx={{ p: { xs: 3, sm: 4 }, width: '100%', maxWidth: 420 }}>
        <Stack spacing={1} sx={{ mb: 3, alignItems: 'center' }}>
          <Avatar sx={{ bgcolor: 'primary.main', width: 52, height: 52 }}>
            <LockOutlined />
          </Avatar>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700, textAlign: 'center' }}>
            {serviceName}
          </Typography>
          <Typography color="text.secondary">{t('subtitle')}</Typography>
          <LanguagePicker
            value={locale}
            onChange={(l) => {
              picked.current = true;
              void setLanguage(l);
            }}
          />
        </Stack>

        {error ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        ) : null}

        <Box component="form" noValidate onSubmit={onSubmit}>
          <Stack spacing={2}>
            <TextField
              label={t('email')}
              type="email"
              autoComplete="username"
              autoFocus
              fullWidth
              error={!!errors.email}
              helperText={serverText(errors.email?.message)}
              {...register('email')}
            />
            <TextField
              label={t('password')}
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              fullWidth
              error={!!errors.password}
              helperText={serverText(errors.password?.message)}
              {...register('password')}
              slotProps={{
                input: {
                  endAdornment: (
                    <InputAdornment position="end">
                      <IconButton
                        aria-label={showPassword ? t('hidePassword') : t('showPassword')}
                        onClick={() => setShowPassword((v) => !v)}
                        onMouseDown={(e) => e.preventDefault()}
                        edge="end"
                      >
                        {showPassword ? <VisibilityOff /> : <Visibility />}
                      </IconButton>
                    </InputAdornment>
                  ),
                },
              }}
            />
            <Button type="submit" variant="contained" size="large" fullWidth disabled={pending}>
              {pending ? t('signingIn') : t('signIn')}
            </Button>
            {/* No self-service reset: accounts are the administrator's (issue 33). */}
            <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
              {t('forgotPassword')}
            </Typography>
          </Stack>
        </Box>

        {demo ? (
          <>
            <Divider sx={{ my: 3 }}>
              <Typography variant="body2" color="text.secondary">
                {t('demoAccounts')}
              </Typography>
            </Divider>
            <Stack direction="row" spacing={2}>
              <Button variant="outlined" fullWidth onClick={() => quickFill(demo.admin)} disabled={pending}>
                {t('demoAdmin')}
              </Button>
              <Button variant="outlined" fullWidth onClick={() => quickFill(demo.technician)} disabled={pending}>
                {t('demoTechnician')}
              </Button>
            </Stack>
          </>
        ) : null}
      </Paper>
    </Box>
  );
}
