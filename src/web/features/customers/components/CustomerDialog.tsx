/**
 * The one create/edit dialog of Customer Management (spec section 2 and 5): Customer Name, Region,
 * Address, a primary phone, additional phones (added by the button or Enter, with the spec's three
 * messages), the language of the customer's WhatsApp and SMS messages (issue 35: the six, each in
 * its own script), an optional email and an optional location. Phone inputs take digits only, at most 10.
 * Save is disabled until name, address, a 10-digit primary phone and region are set.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  additionalPhoneError,
  type CustomerBody,
  type CustomerInput,
  type CustomerItem,
  customerBody,
} from '#shared/contracts/customers.ts';
import { PHONE_LENGTH } from '#shared/domain/constants.ts';
import { regionalScopeOf } from '#shared/domain/permissions.ts';
import { LOCALE_NAMES, LOCALES } from '#shared/i18n/locales.ts';
import { type CapturedLocation, LocationCapture } from '#web/components/LocationCapture.tsx';
import { EntityDialog } from '#web/components/list-page/EntityDialog.tsx';
import { useServerText } from '#web/i18n/hooks.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { useRegions } from '#web/lib/queries/regions.ts';

const digitsOnly = (v: string) => v.replace(/\D/g, '').slice(0, PHONE_LENGTH);
/** No maxLength attribute: it would cut a pasted '98765-43210' before the non-digits are dropped. */
const phoneInput = { inputMode: 'numeric' as const, pattern: '[0-9]*' };

export interface CustomerDialogProps {
  /** The customer being edited, or null to create one. */
  customer: CustomerItem | null;
  pending: boolean;
  /** Save; `onError` puts a failure's field errors on the form. */
  onSave: (values: CustomerBody, onError: (error: Error) => void) => void;
  onClose: () => void;
}

/** Mount it only while open (the form starts from `customer` each time). */
export function CustomerDialog({ customer, pending, onSave, onClose }: CustomerDialogProps) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const serverText = useServerText();
  const { user, policyRole } = useAuth();
  const regions = useRegions();
  const ownRegion = policyRole && regionalScopeOf(policyRole) === 'region' ? (user?.regionId ?? null) : null;

  const form = useForm<CustomerInput, unknown, CustomerBody>({
    resolver: zodResolver(customerBody),
    defaultValues: {
      name: customer?.name ?? '',
      address: customer?.address ?? '',
      primaryPhone: customer?.primaryPhone ?? '',
      phoneNumbers: customer?.phoneNumbers ?? [],
      email: customer?.email ?? '',
      regionId: customer?.regionId ?? ownRegion ?? '',
      latitude: customer?.latitude ?? null,
      longitude: customer?.longitude ?? null,
      accuracy: customer?.accuracy ?? null,
      language: customer?.language ?? 'en-IN',
    },
  });
  const {
    register,
    control,
    watch,
    setValue,
    formState: { errors },
  } = form;

  const [extra, setExtra] = useState('');
  const [extraError, setExtraError] = useState<string | null>(null);

  const name = watch('name') ?? '';
  const address = watch('address') ?? '';
  const primaryPhone = watch('primaryPhone') ?? '';
  const phoneNumbers = watch('phoneNumbers') ?? [];
  const regionId = watch('regionId') ?? '';
  const latitude = watch('latitude');
  const longitude = watch('longitude');
  const accuracy = watch('accuracy');
  const location: CapturedLocation | null =
    latitude != null && longitude != null ? { latitude, longitude, accuracy: accuracy ?? null } : null;

  const canSave =
    !!name.trim() && !!address.trim() && new RegExp(`^\\d{${PHONE_LENGTH}}$`).test(primaryPhone) && !!regionId;

  const addPhone = () => {
    const message = additionalPhoneError(extra, primaryPhone, phoneNumbers);
    if (message) {
      setExtraError(message);
      return;
    }
    setValue('phoneNumbers', [...phoneNumbers, extra.trim()], { shouldDirty: true, shouldValidate: true });
    setExtra('');
    setExtraError(null);
  };

  const removePhone = (phone: string) =>
    setValue(
      'phoneNumbers',
      phoneNumbers.filter((p) => p !== phone),
      { shouldDirty: true, shouldValidate: true },
    );

  const setLocation = (loc: CapturedLocation | null) => {
    setValue('latitude', loc?.latitude ?? null, { shouldDirty: true });
    setValue('longitude', loc?.longitude ?? null, { shouldDirty: true });
    setValue('accuracy', loc?.accuracy ?? null, { shouldDirty: true });
  };

  const regionOptions = (regions.data ?? []).filter((r) => !ownRegion || r.id === ownRegion);
  if (customer && !regionOptions.some((r) => r.id === customer.regionId)) {
    regionOptions.unshift({ id: customer.regionId, name: customer.region.name, createdAt: '' });
  }
  const phoneListError = Array.isArray(errors.phoneNumbers)
    ? errors.phoneNumbers.find((e) => e?.message)?.message
    : errors.phoneNumbers?.message;
  const locationError = serverText(errors.latitude?.message ?? errors.longitude?.message);

  return (
    <EntityDialog
      titleId="customer-dialog-title"
      title={customer ? t('customers.editTitle') : t('customers.addTitle')}
      form={form}
      onSave={onSave}
      onClose={onClose}
      pending={pending}
      submitLabel={customer ? tc('update') : tc('save')}
      canSubmit={canSave}
      long
    >
      {regions.error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessage(regions.error, tc('loadFailed'))}
        </Alert>
      ) : null}
      <Stack spacing={2.5}>
        <TextField
          label={t('customers.name')}
          required
          fullWidth
          autoFocus
          error={!!errors.name}
          helperText={serverText(errors.name?.message)}
          {...register('name')}
        />
        <Controller
          name="regionId"
          control={control}
          render={({ field }) => (
            <TextField
              select
              label={tc('field.region')}
              required
              fullWidth
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              name={field.name}
              error={!!errors.regionId}
              helperText={serverText(errors.regionId?.message)}
            >
              {regionOptions.map((r) => (
                <MenuItem key={r.id} value={r.id}>
                  {r.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <TextField
          label={tc('field.address')}
          required
          fullWidth
          multiline
          minRows={2}
          error={!!errors.address}
          helperText={serverText(errors.address?.message)}
          {...register('address')}
        />
        <Controller
          name="primaryPhone"
          control={control}
          render={({ field }) => (
            <TextField
              label={t('customers.primaryPhone')}
              required
              fullWidth
              value={field.value ?? ''}
              onChange={(e) => field.onChange(digitsOnly(e.target.value))}
              onBlur={field.onBlur}
              inputRef={field.ref}
              name={field.name}
              error={!!errors.primaryPhone}
              helperText={serverText(errors.primaryPhone?.message) ?? t('customers.digits', { count: PHONE_LENGTH })}
              slotProps={{ htmlInput: phoneInput }}
            />
          )}
        />
        <Box>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <TextField
              label={t('customers.additionalPhone')}
              fullWidth
              value={extra}
              onChange={(e) => {
                setExtra(digitsOnly(e.target.value));
                setExtraError(null);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  addPhone();
                }
              }}
              error={!!extraError}
              helperText={serverText(extraError ?? undefined) ?? t('customers.addHint')}
              slotProps={{ htmlInput: phoneInput }}
            />
            <Button variant="outlined" startIcon={<Add />} onClick={addPhone} sx={{ mt: 1, flexShrink: 0 }}>
              {tc('add')}
            </Button>
          </Stack>
          {phoneNumbers.length > 0 ? (
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1.5 }} aria-label={t('customers.addedPhones')}>
              {phoneNumbers.map((p) => (
                <Chip key={p} label={p} onDelete={() => removePhone(p)} />
              ))}
            </Stack>
          ) : null}
          {phoneListError ? (
            <Typography variant="caption" color="error" sx={{ display: 'block', mt: 0.5 }}>
              {serverText(phoneListError)}
            </Typography>
          ) : null}
        </Box>
        <Controller
          name="language"
          control={control}
          render={({ field }) => (
            <TextField
              select
              label={t('customers.language')}
              fullWidth
              value={field.value ?? 'en-IN'}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              name={field.name}
              error={!!errors.language}
              helperText={serverText(errors.language?.message) ?? t('customers.languageHint')}
            >
              {LOCALES.map((l) => (
                <MenuItem key={l} value={l} lang={l}>
                  {LOCALE_NAMES[l]}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <TextField
          label={tc('field.email')}
          type="email"
          fullWidth
          error={!!errors.email}
          helperText={serverText(errors.email?.message) ?? tc('optional')}
          {...register('email')}
        />
        <Divider />
        <Box>
          <Typography variant="subtitle2" sx={{ mb: 1.5 }}>
            {t('customers.locationOptional')}
          </Typography>
          <LocationCapture value={location} onChange={setLocation} allowClear applyOnBlur />
          {locationError ? (
            <Typography variant="caption" color="error" sx={{ display: 'block', mt: 0.5 }}>
              {locationError}
            </Typography>
          ) : null}
        </Box>
      </Stack>
    </EntityDialog>
  );
}
