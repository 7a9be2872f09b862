/**
 * The create and edit form of spec section 2 (Users): Full Name, Email, Password (create only, a
 * plain text field), Phone (optional), Role (only the roles the server says the caller may assign)
 * and Region (optional, with 'None'). A regional manager is offered only their own region, the only
 * one the server accepts from them (ADR 010). Nobody can change their own role.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, type UseFormSetError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { password } from '#shared/contracts/auth.ts';
import { type UserItem, updateUserBody } from '#shared/contracts/users.ts';
import { regionalScopeOf } from '#shared/domain/permissions.ts';
import { Loading } from '#web/components/Loading.tsx';
import { useRoleName, useServerText } from '#web/i18n/hooks.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { useRegions } from '#web/lib/queries/regions.ts';
import { useAssignableRoles } from '../api/assignable-roles.ts';

const createSchema = updateUserBody.extend({ password });
const editSchema = updateUserBody.extend({ password: z.string() });

export type UserFormInput = z.input<typeof createSchema>;
export type UserFormOutput = z.output<typeof createSchema>;

export interface UserFormProps {
  mode: 'create' | 'edit';
  /** Prefill (edit). */
  initial?: UserItem;
  pending: boolean;
  /** True once saved, while the page waits to return to the list. */
  done?: boolean;
  /** `setError` puts the server's per-field errors on the fields. */
  onSubmit: (values: UserFormOutput, setError: UseFormSetError<UserFormInput>) => void;
  onCancel: () => void;
}

export function UserForm({ mode, initial, pending, done = false, onSubmit, onCancel }: UserFormProps) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const serverText = useServerText();
  const roleName = useRoleName();
  const { user, policyRole } = useAuth();
  const roles = useAssignableRoles();
  const regions = useRegions();
  const ownRegion = policyRole && regionalScopeOf(policyRole) === 'region' ? (user?.regionId ?? null) : null;
  const isSelf = !!initial && initial.id === user?.id;

  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<UserFormInput, unknown, UserFormOutput>({
    resolver: zodResolver(mode === 'create' ? createSchema : editSchema),
    defaultValues: {
      name: initial?.name ?? '',
      email: initial?.email ?? '',
      password: '',
      phone: initial?.phone ?? '',
      roleId: initial?.roleId ?? '',
      regionId: initial ? (initial.regionId ?? '') : (ownRegion ?? ''),
    },
  });

  if (roles.isLoading || regions.isLoading) return <Loading />;
  const loadError = roles.error ?? regions.error;

  const roleOptions = [...(roles.data ?? [])];
  if (initial && !roleOptions.some((r) => r.id === initial.roleId)) {
    roleOptions.unshift({
      id: initial.roleId,
      name: initial.role.name,
      parentRoleId: null,
      parentRole: null,
      parent: null,
    });
  }
  const regionOptions = (regions.data ?? []).filter((r) => !ownRegion || r.id === ownRegion);
  if (initial?.regionId && initial.region && !regionOptions.some((r) => r.id === initial.regionId)) {
    regionOptions.unshift({ id: initial.regionId, name: initial.region.name, createdAt: '' });
  }

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}>
      {loadError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessage(loadError, tc('loadFailed'))}
        </Alert>
      ) : null}
      <Stack
        component="form"
        noValidate
        spacing={2.5}
        onSubmit={handleSubmit((values) => onSubmit(values, setError))}
        aria-label={mode === 'create' ? t('users.createForm') : t('users.editForm')}
      >
        <TextField
          label={tc('field.fullName')}
          required
          fullWidth
          autoFocus={mode === 'create'}
          error={!!errors.name}
          helperText={serverText(errors.name?.message)}
          {...register('name')}
        />
        <TextField
          label={tc('field.email')}
          type="email"
          required
          fullWidth
          autoComplete="off"
          error={!!errors.email}
          helperText={serverText(errors.email?.message)}
          {...register('email')}
        />
        {mode === 'create' ? (
          <TextField
            label={tc('field.password')}
            type="text"
            required
            fullWidth
            autoComplete="off"
            error={!!errors.password}
            helperText={serverText(errors.password?.message)}
            {...register('password')}
          />
        ) : null}
        <TextField
          label={tc('field.phone')}
          fullWidth
          autoComplete="off"
          error={!!errors.phone}
          helperText={serverText(errors.phone?.message)}
          slotProps={{ htmlInput: { inputMode: 'tel' } }}
          {...register('phone')}
        />
        <Controller
          name="roleId"
          control={control}
          render={({ field }) => (
            <TextField
              select
              label={tc('field.role')}
              required
              fullWidth
              disabled={isSelf}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              name={field.name}
              error={!!errors.roleId}
              helperText={serverText(errors.roleId?.message) ?? (isSelf ? t('users.ownRole') : undefined)}
            >
              {roleOptions.map((r) => (
                <MenuItem key={r.id} value={r.id}>
                  {roleName(r.name)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          name="regionId"
          control={control}
          render={({ field }) => (
            <TextField
              select
              label={tc('field.region')}
              fullWidth
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              name={field.name}
              error={!!errors.regionId}
              helperText={serverText(errors.regionId?.message)}
            >
              {ownRegion ? null : (
                <MenuItem value="">
                  <em>{tc('none')}</em>
                </MenuItem>
              )}
              {regionOptions.map((r) => (
                <MenuItem key={r.id} value={r.id}>
                  {r.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end', pt: 1 }}>
          <Button onClick={onCancel} disabled={pending}>
            {tc('cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={pending || done}>
            {mode === 'create' ? t('users.createButton') : t('users.updateButton')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
