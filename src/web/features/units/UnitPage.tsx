/**
 * /units/:id (issue 21): one installed unit — its schedule with state chips, its contracts (the
 * `contracts` slot: features/contracts, composed by app/pages/UnitPage.tsx), its water quality (the
 * `readings` slot: features/readings, issue 36), its service history
 * with the parts each visit replaced, its QR sticker (issue 36: the code, the page it opens, the
 * sticker to download, re-issuing the code), and "Raise service request". Those the server lets
 * (the capability helpers) correct the day a part was last changed.
 */
import Add from '@mui/icons-material/Add';
import ArrowBack from '@mui/icons-material/ArrowBack';
import EditCalendar from '@mui/icons-material/EditCalendar';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import type { ScheduleRow, UnitDetails } from '#shared/contracts/units.ts';
import { MIN_DESCRIPTION } from '#shared/domain/constants.ts';
import { hasCapability } from '#shared/domain/permissions.ts';
import { formatTicket } from '#shared/domain/ticket.ts';
import { DueStateChip } from '#web/components/DueStateChip.tsx';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { Loading } from '#web/components/Loading.tsx';
import { PageHeader } from '#web/components/PageHeader.tsx';
import { useRequestDescription } from '#web/components/request-description.ts';
import { useFormat, useServerText } from '#web/i18n/hooks.ts';
import { useRequestLabels } from '#web/i18n/request-labels.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { useRaiseRequest, useUnit } from './api/unit.ts';
import { CorrectDateDialog } from './CorrectDateDialog.tsx';
import { QrSticker } from './components/QrSticker.tsx';

/** Cells shown from sm up; on a phone their content moves into the row's other cells. */
const WIDE_CELL = { display: { xs: 'none', sm: 'table-cell' } } as const;
const NARROW_ONLY = { display: { xs: 'block', sm: 'none' } } as const;
/** Read by screen readers, not shown: the actions column's header. */
const SR_ONLY = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** A card of the page (the contracts slot's too). */
function Section({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          {action}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

function RaiseDialog({ unit, onClose }: { unit: UnitDetails; onClose: () => void }) {
  const { t } = useTranslation('maintenance');
  const serverText = useServerText();
  const navigate = useNavigate();
  const due = unit.schedule.filter((s) => s.state !== 'OK').map((s) => s.name);
  const [description, setDescription] = useState(
    t('unit.raiseDefault', {
      product: `${unit.product.brand} ${unit.product.name}`,
      serial: unit.serialNumber,
      parts: due.join(', ') || '—',
    }),
  );
  const raise = useRaiseRequest({ id: unit.id, customerId: unit.customerId, regionId: unit.customer.regionId });
  const tooShort = description.trim().length < MIN_DESCRIPTION;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="raise-title">
      <DialogTitle id="raise-title">{t('unit.raise')}</DialogTitle>
      <DialogContent>
        {raise.error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {serverText(errorMessage(raise.error, t('unit.raiseFailed')))}
          </Alert>
        )}
        <TextField
          label={t('unit.description')}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          multiline
          minRows={3}
          fullWidth
          sx={{ mt: 1 }}
          error={tooShort}
          helperText={tooShort ? t('unit.descriptionTooShort', { min: MIN_DESCRIPTION }) : ' '}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel')}</Button>
        <Button
          variant="contained"
          disabled={tooShort || raise.isPending}
          onClick={() => raise.mutate(description.trim(), { onSuccess: (r) => navigate(`/service-requests/${r.id}`) })}
        >
          {t('unit.raise')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export interface UnitPageProps {
  /** The unit's contracts, in the card beside its details. */
  contracts?: (unit: UnitDetails, frame: typeof Section) => ReactNode;
  /** The unit's water quality (issue 36), under its schedule. */
  readings?: (unit: UnitDetails, frame: typeof Section) => ReactNode;
}

export default function UnitPage({ contracts, readings }: UnitPageProps) {
  const { id = '' } = useParams();
  const { t, ready } = useTranslation('maintenance');
  const format = useFormat();
  const labels = useRequestLabels();
  const describe = useRequestDescription();
  const navigate = useNavigate();
  const unit = useUnit(id);
  const [raising, setRaising] = useState(false);
  const [correcting, setCorrecting] = useState<(ScheduleRow & { partId: string }) | null>(null);
  const { policyRole } = useAuth();
  if (!ready || unit.isLoading) return <Loading />;
  if (!unit.data) {
    return (
      <ErrorAlert
        message={errorMessage(unit.error, t('unit.fetchFailed'))}
        onRetry={() => void unit.refetch()}
        retrying={unit.isFetching}
      />
    );
  }
  const u = unit.data;
  const back = (
    <IconButton aria-label={t('back')} onClick={() => navigate(`/customers/${u.customerId}`)}>
      <ArrowBack />
    </IconButton>
  );
  // The heading is data: the purifier's brand and model as the catalogue spells them.
  const productName = [u.product.brand, u.product.name].join(' ');
  const active = u.status === 'ACTIVE';
  // What the server allows (the policy table): a part's date for whoever may change the
  // customer's units (a technician never reaches this page).
  const mayWrite = hasCapability(policyRole, 'unitWrite');
  const mayCorrect = active && mayWrite;
  return (
    <Box>
      <PageHeader
        title={productName}
        documentTitle={u.serialNumber}
        back={back}
        subtitle={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Typography variant="body2" color="text.secondary">
              {t('unit.serial')} {u.serialNumber} ·{' '}
              <Link component={RouterLink} to={`/customers/${u.customerId}`}>
                {u.customer.name}
              </Link>
            </Typography>
            {u.status === 'REMOVED' ? (
              <Chip size="small" label={t('unit.removed')} />
            ) : (
              <DueStateChip state={u.state} />
            )}
          </Stack>
        }
        actions={
          u.status === 'ACTIVE' && (
            <Button
              variant="contained"
              startIcon={<Add />}
              onClick={() => setRaising(true)}
              disabled={!!u.openRequestId}
            >
              {t('unit.raise')}
            </Button>
          )
        }
      />
      {u.openRequestId && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('unit.openRequest')}{' '}
          <Link component={RouterLink} to={`/service-requests/${u.openRequestId}`}>
            {t('unit.viewRequest')}
          </Link>
        </Alert>
      )}
      {/* Side by side from md; on a phone the cards' own margin spaces them. */}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2 }}>
        <Box>
          <Section title={t('unit.details')}>
            <Typography variant="body2">
              {t('unit.installedOn')}: {format.date(u.installedOn)}
            </Typography>
            <Typography variant="body2">
              {t('unit.warrantyEndsOn')}: {format.date(u.warrantyEndsOn)}
            </Typography>
            {u.locationNote && (
              <Typography variant="body2">
                {t('unit.location')}: {u.locationNote}
              </Typography>
            )}
            <Typography variant="body2">
              {t('unit.region')}: {u.customer.regionName}
            </Typography>
          </Section>
          <QrSticker unit={u} mayReissue={active && hasCapability(policyRole, 'stickerManage')} Section={Section} />
        </Box>
        {contracts?.(u, Section)}
      </Box>
      <Section title={t('unit.schedule')}>
        {/* On a phone: the last change under the part, the state under the next due date. */}
        <Table size="small" aria-label={t('unit.schedule')} sx={{ '& td, & th': { px: { xs: 1, sm: 2 } } }}>
          <TableHead>
            <TableRow>
              <TableCell>{t('unit.part')}</TableCell>
              <TableCell sx={WIDE_CELL}>{t('unit.lastChanged')}</TableCell>
              <TableCell>{t('unit.nextDue')}</TableCell>
              <TableCell sx={WIDE_CELL}>{t('unit.state')}</TableCell>
              {mayCorrect && (
                <TableCell align="right">
                  <Box component="span" sx={SR_ONLY}>
                    {t('unit.actions')}
                  </Box>
                </TableCell>
              )}
            </TableRow>
          </TableHead>
          <TableBody>
            {u.schedule.map((s) => (
              <TableRow key={s.id}>
                <TableCell>
                  {s.partId ? s.name : t('unit.amcVisit')}
                  {s.intervalMonths != null && (
                    <Typography variant="caption" color="text.secondary" component="div">
                      {t('unit.every', { count: s.intervalMonths })}
                    </Typography>
                  )}
                  {s.lastChangedOn && (
                    <Typography variant="caption" color="text.secondary" component="div" sx={NARROW_ONLY}>
                      {t('unit.lastChanged')}:{' '}
                      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                        {format.date(s.lastChangedOn)}
                      </Box>
                    </Typography>
                  )}
                </TableCell>
                <TableCell sx={WIDE_CELL}>{s.lastChangedOn ? format.date(s.lastChangedOn) : '—'}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {s.nextDueOn ? format.date(s.nextDueOn) : '—'}
                  <Box sx={{ ...NARROW_ONLY, mt: 0.5 }}>
                    <DueStateChip state={s.state} />
                  </Box>
                </TableCell>
                <TableCell sx={WIDE_CELL}>
                  <DueStateChip state={s.state} />
                </TableCell>
                {mayCorrect && (
                  <TableCell align="right" sx={{ py: 0 }}>
                    {s.partId && (
                      <Button
                        size="small"
                        startIcon={<EditCalendar />}
                        onClick={() => setCorrecting({ ...s, partId: s.partId as string })}
                        aria-label={t('unit.correctDateFor', { part: s.name })}
                        sx={{
                          minHeight: 44,
                          minWidth: 44,
                          whiteSpace: 'nowrap',
                          // On a phone the icon alone (the name says which part): no gap for the text.
                          '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 }, ml: { xs: 0, sm: -0.5 } },
                        }}
                      >
                        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                          {t('unit.correctDate')}
                        </Box>
                      </Button>
                    )}
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Section>
      {readings?.(u, Section)}
      <Section title={t('unit.history')}>
        {u.history.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('unit.noHistory')}
          </Typography>
        ) : (
          <Stack spacing={1.5}>
            {u.history.map((h) => (
              <Box key={h.id}>
                <Link component={RouterLink} to={`/service-requests/${h.id}`} sx={{ fontWeight: 600 }}>
                  {h.ticketNo ? formatTicket(h.ticketNo) : h.id.slice(0, 8)}
                </Link>{' '}
                <Typography component="span" variant="body2" color="text.secondary">
                  {format.date(h.createdAt)} · {labels.status(h.status)}
                </Typography>
                <Typography variant="body2">{describe(h)}</Typography>
                {h.partsReplaced.length > 0 && (
                  <Typography variant="body2" color="text.secondary">
                    {t('unit.replaced')}: {h.partsReplaced.join(', ')}
                  </Typography>
                )}
                {h.spareParts.length > 0 && (
                  <Typography variant="body2" color="text.secondary">
                    {t('unit.spareParts')}: {h.spareParts.map((p) => `${p.name} × ${p.quantity}`).join(', ')}
                  </Typography>
                )}
              </Box>
            ))}
          </Stack>
        )}
      </Section>
      {raising && <RaiseDialog unit={u} onClose={() => setRaising(false)} />}
      {correcting && <CorrectDateDialog unitId={u.id} row={correcting} onClose={() => setCorrecting(null)} />}
    </Box>
  );
}
