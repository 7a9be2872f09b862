/** /users/edit/{id}: the user's details prefilled, no password; 'User updated successfully!', then back after 2 s. */
import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { REDIRECT_AFTER_SAVE_MS } from '#shared/domain/constants.ts';
import { Loading } from '#web/components/Loading.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { applyFieldErrors } from '#web/lib/forms.ts';
import { FETCH_USER_FALLBACK, useUser } from './api/get-user.ts';
import { useUpdateUser } from './api/update-user.ts';
import { SignOutEverywhereButton } from './components/SignOutEverywhereButton.tsx';
import { UserForm } from './components/UserForm.tsx';

export default function UserEditPage() {
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
      <Stack
        direction="row"
        useFlexGap
        sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1, rowGap: 1.5, mb: 3 }}
      >
        <IconButton aria-label="Back to users" onClick={() => navigate('/users')}>
          <ArrowBack />
        </IconButton>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600, flexGrow: 1, whiteSpace: 'nowrap' }}>
          Edit User
        </Typography>
        {user.data ? <SignOutEverywhereButton userId={user.data.id} userName={user.data.name} /> : null}
      </Stack>
      {user.isLoading ? <Loading /> : null}
      {user.error ? <Alert severity="error">{errorMessage(user.error, FETCH_USER_FALLBACK)}</Alert> : null}
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
