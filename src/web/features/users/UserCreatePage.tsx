/** /users/create: 'User created successfully!', then back to /users after 2 s. */
import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { REDIRECT_AFTER_SAVE_MS } from '#shared/domain/constants.ts';
import { PageHeader } from '#web/components/PageHeader.tsx';
import { applyFieldErrors } from '#web/lib/forms.ts';
import { useCreateUser } from './api/create-user.ts';
import { UserForm } from './components/UserForm.tsx';

export default function UserCreatePage() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const [done, setDone] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const create = useCreateUser({
    onSuccess: () => {
      setDone(true);
      timer.current = setTimeout(() => navigate('/users'), REDIRECT_AFTER_SAVE_MS);
    },
  });

  return (
    <Box>
      <PageHeader
        title={t('users.createTitle')}
        back={
          <IconButton aria-label={t('users.back')} onClick={() => navigate('/users')}>
            <ArrowBack />
          </IconButton>
        }
        mb={3}
      />
      <UserForm
        mode="create"
        pending={create.isPending}
        done={done}
        onCancel={() => navigate('/users')}
        onSubmit={(values, setError) =>
          create.mutate(
            {
              name: values.name,
              email: values.email,
              password: values.password,
              phone: values.phone,
              roleId: values.roleId,
              regionId: values.regionId,
            },
            { onError: (err) => applyFieldErrors(err, setError) },
          )
        }
      />
    </Box>
  );
}
