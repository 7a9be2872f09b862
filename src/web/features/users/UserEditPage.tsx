/** /users/edit/{id}: the user's details prefilled, no password; 'User updated successfully!', then back after 2 s. */
import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { REDIRECT_AFTER_SAVE_MS } from '#shared/domain/constants.ts';
import { Loading } from '#web/components/Loading.tsx';
import { PageHeader } from '#web/components/PageHeader.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { applyFieldErrors } from '#web/lib/forms.ts';
import { useUser } from './api/get-user.ts';
import { useUpdateUser } from './api/update-user.ts';
import { SignOutEverywhereButton } from './components/SignOutEverywhereButton.tsx';
import { UserForm } from './components/UserForm.tsx';

export default function UserEditPage() {
  const { t } = useTranslation('admin');
  const { id } = useParams();
  const navigate = useNavigate();
  const user = useUser(id);
  const [done, setDone] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const update = useUpdateUser({
    onSuccess: () => {
      setDone(true);
      timer.current = setTimeout(() => navigate('/users'), REDIRECT_AFTER_SAVE_MS);
    },
  });

  return (
    <Box>
      <PageHeader
        title={t('users.editTitle')}
        back={
          <IconButton aria-label={t('users.back')} onClick={() => navigate('/users')}>
            <ArrowBack />
          </IconButton>
        }
        actions={user.data ? <SignOutEverywhereButton userId={user.data.id} userName={user.data.name} /> : null}
        phoneActions="wrap"
        mb={3}
      />
      {user.isLoading ? <Loading /> : null}
      {user.error ? <Alert severity="error">{errorMessage(user.error, t('users.fetchOneFailed'))}</Alert> : null}
      {user.data ? (
        <UserForm
          key={user.data.id}
          mode="edit"
          initial={user.data}
          pending={update.isPending}
          done={done}
          onCancel={() => navigate('/users')}
          onSubmit={(values, setError) =>
            update.mutate(
              {
                id: user.data.id,
                body: {
                  name: values.name,
                  email: values.email,
                  phone: values.phone,
                  roleId: values.roleId,
                  regionId: values.regionId,
                },
              },
              { onError: (err) => applyFieldErrors(err, setError) },
            )
          }
        />
      ) : null}
    </Box>
  );
}
