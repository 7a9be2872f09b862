/**
 * /service-requests/create (also 'New Service' in the drawer): Request Type (all four, default
 * SERVICE), Region, Customer ('name - address', only the chosen region's, searched on the
 * server) and Description, validated with the shared contract's messages. On success:
 * 'Service request created successfully!', then back to the list after 2 s (to the dashboard
 * for the roles that cannot open the list). Texts from the `requests` catalogue, the contract's
 * messages in the app's language (useServerText; ADR 022).
 *
 * What is typed is kept as a draft of the signed-in user until it is sent or discarded (issue 33,
 * lib/drafts.ts): the form opens on it again with "Draft restored" and Discard, and leaving with
 * unsaved changes asks first (components/FormDraft.tsx).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { CustomerItem } from '#shared/contracts/customers.ts';
import { type CreateRequestBody, createRequestBody } from '#shared/contracts/service-requests.ts';
import { REDIRECT_AFTER_SAVE_MS } from '#shared/domain/constants.ts';
import { canOpen, ROUTES, regionalScopeOf } from '#shared/domain/permissions.ts';
import { REQUEST_TYPES } from '#shared/domain/workflow.ts';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { Loading } from '#web/components/Loading.tsx';
import { PageHeader } from '#web/components/PageHeader.tsx';
import { useServerText } from '#web/i18n/hooks.ts';
import { useRequestLabels } from '#web/i18n/request-labels.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { discardDraft, readDraft, saveDraft } from '#web/lib/drafts.ts';
import { applyFieldErrors } from '#web/lib/forms.ts';
import { useRegions } from '#web/lib/queries/regions.ts';
import { useDebounced } from '#web/lib/use-debounced.ts';
import { useCreateRequest } from './api/create-request.ts';
import { useCustomerOptions } from './api/form-options.ts';
import { DraftRestored, LeaveDialog, useLeaveGuard } from './components/FormDraft.tsx';

const customerLabel = (c: Pick<CustomerItem, 'name' | 'address'>) => `${c.name} - ${c.address}`;

/** The draft's name among the user's drafts (lib/drafts.ts). */
export const CREATE_DRAFT = 'request-create';

/** What the draft keeps: the fields, and the chosen customer as the box shows it. */
interface CreateDraft {
  values: CreateRequestBody;
  customer: CustomerItem | null;
  customerInput: string;
}

export default function RequestCreatePage() {
  const { t } = useTranslation('requests');
  const { t: tc } = useTranslation('common');
  const labels = useRequestLabels();
  const serverText = useServerText();
  const navigate = useNavigate();
  const { user, policyRole } = useAuth();
  const ownRegion = policyRole && regionalScopeOf(policyRole) === 'region' ? (user?.regionId ?? null) : null;
  const regions = useRegions();
  const owner = user?.id ?? '';
  const blank: CreateRequestBody = { type: 'SERVICE', regionId: ownRegion ?? '', customerId: '', description: '' };
  const [restored, setRestored] = useState(() => (owner ? readDraft<CreateDraft>(owner, CREATE_DRAFT) : null));
  const [customer, setCustomer] = useState<CustomerItem | null>(restored?.customer ?? null);
  const [customerInput, setCustomerInput] = useState(restored?.customerInput ?? '');
  const [done, setDone] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    watch,
    reset,
    formState: { errors },
  } = useForm<CreateRequestBody>({
    resolver: zodResolver(createRequestBody),
    defaultValues: { ...blank, ...restored?.values },
  });
  const values = watch();
  const regionId = values.regionId;

  // The draft follows every change; nothing typed (or sent) is no draft.
  const dirty =
    !done &&
    (values.type !== blank.type ||
      values.regionId !== blank.regionId ||
      !!values.customerId ||
      !!values.description?.trim() ||
      !!customerInput.trim());
  const draft = JSON.stringify({ values, customer, customerInput } satisfies CreateDraft);
  useEffect(() => {
    if (!owner || done) return;
    if (dirty) saveDraft(owner, CREATE_DRAFT, JSON.parse(draft));
    else discardDraft(owner, CREATE_DRAFT);
  }, [owner, draft, dirty, done]);
  const blocker = useLeaveGuard(dirty);
  const discard = () => {
    discardDraft(owner, CREATE_DRAFT);
    reset(blank);
    setCustomer(null);
    setCustomerInput('');
    setRestored(null);
  };
  // While a customer is chosen the box shows its label; search only with what the user typed.
  const typed = customer && customerInput === customerLabel(customer) ? '' : customerInput.trim();
  const customers = useCustomerOptions(regionId, useDebounced(typed));

  const backTo = policyRole && canOpen(policyRole, 'requests') ? ROUTES.requests.path : ROUTES.dashboard.path;
  const create = useCreateRequest({
    onSuccess: () => {
      discardDraft(owner, CREATE_DRAFT);
      setDone(true);
      timer.current = setTimeout(() => navigate(backTo), REDIRECT_AFTER_SAVE_MS);
    },
    onError: (err) => applyFieldErrors(err, setError),
  });

  if (regions.isLoading) return <Loading />;
  const regionOptions = (regions.data ?? []).filter((r) => !ownRegion || r.id === ownRegion);
  const loadError = regions.error ?? customers.error;

  return (
    <Box>
      <PageHeader title={t('create.title')} />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}>
        {restored ? <DraftRestored onDiscard={discard} /> : null}
        {loadError ? (
          <ErrorAlert error={loadError} message={errorMessage(loadError, tc('loadFailed'))} sx={{ mb: 2 }} />
        ) : null}
        <Stack
          component="form"
          noValidate
          spacing={2.5}
          aria-label={t('create.formLabel')}
          onSubmit={handleSubmit((values) => create.mutate(values))}
        >
          <Controller
            name="type"
            control={control}
            render={({ field }) => (
              <TextField
                select
                label={t('field.requestType')}
                required
                fullWidth
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                name={field.name}
                error={!!errors.type}
                helperText={serverText(errors.type?.message)}
              >
                {REQUEST_TYPES.map((t) => (
                  <MenuItem key={t} value={t}>
                    {labels.type(t)}
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
                required
                fullWidth
                value={field.value ?? ''}
                onChange={(e) => {
                  field.onChange(e);
                  // A customer belongs to one region: choosing another region clears it.
                  setCustomer(null);
                  setCustomerInput('');
                  setValue('customerId', '');
                }}
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
          <Controller
            name="customerId"
            control={control}
            render={({ field }) => (
              <Autocomplete<CustomerItem>
                options={customers.data?.items ?? []}
                value={customer}
                inputValue={customerInput}
                onInputChange={(_e, v) => setCustomerInput(v)}
                onChange={(_e, c) => {
                  setCustomer(c);
                  field.onChange(c?.id ?? '');
                }}
                onBlur={field.onBlur}
                getOptionLabel={customerLabel}
                isOptionEqualToValue={(a, b) => a.id === b.id}
                // The server already filtered by what was typed.
                filterOptions={(x) => x}
                disabled={!regionId}
                loading={customers.isFetching}
                noOptionsText={regionId ? t('create.noCustomers') : t('create.chooseRegion')}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label={t('field.customer')}
                    required
                    inputRef={field.ref}
                    name={field.name}
                    error={!!errors.customerId}
                    helperText={
                      serverText(errors.customerId?.message) ?? (regionId ? undefined : t('create.chooseRegion'))
                    }
                  />
                )}
              />
            )}
          />
          <TextField
            label={t('field.description')}
            required
            fullWidth
            multiline
            minRows={4}
            error={!!errors.description}
            helperText={serverText(errors.description?.message)}
            {...register('description')}
          />
          <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end', pt: 1 }}>
            <Button onClick={() => navigate(backTo)} disabled={create.isPending}>
              {tc('cancel')}
            </Button>
            <Button type="submit" variant="contained" disabled={create.isPending || done}>
              {create.isPending ? t('create.submitting') : t('create.submit')}
            </Button>
          </Stack>
        </Stack>
      </Paper>
      <LeaveDialog blocker={blocker} onDiscard={discard} />
    </Box>
  );
}
