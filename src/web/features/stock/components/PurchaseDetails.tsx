/**
 * One purchase (/purchases?id=…): its supplier, invoice, store, lines and the server's totals
 * (CGST and SGST, or IGST). A draft is received into its store (the stock and the parts' moving
 * average cost move); a received purchase is never edited, only reversed with a reason. The
 * invoice's photo or PDF is attached here and opened by its signed link.
 */
import ArrowBack from '@mui/icons-material/ArrowBack';
import AttachFile from '@mui/icons-material/AttachFile';
import Inventory from '@mui/icons-material/Inventory2Outlined';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Undo from '@mui/icons-material/Undo';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type PurchaseItem, reverseBody } from '#shared/contracts/stock.ts';
import { ConfirmDialog } from '#web/components/ConfirmDialog.tsx';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { Loading } from '#web/components/Loading.tsx';
import { PageHeader } from '#web/components/PageHeader.tsx';
import { useFormat } from '#web/i18n/hooks.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { usePurchase, useReceivePurchase, useReversePurchase, useUploadInvoice } from '../api/purchases.ts';
import { PurchaseStatusChip } from './chips.tsx';
import { apiFieldErrors, useFieldText, zodFieldErrors } from './field-text.ts';
import { Totals } from './PurchaseForm.tsx';
import { useQty } from './qty.ts';

/** The invoice files the upload path takes: a photo or a PDF. */
const INVOICE_TYPES = 'image/jpeg,image/png,image/webp,image/heic,application/pdf';

export function PurchaseDetails({ id, canMove, onBack }: { id: string; canMove: boolean; onBack: () => void }) {
  const { t } = useTranslation('stock');
  const purchase = usePurchase(id);
  const back = (
    <Tooltip title={t('purchase.back')}>
      <IconButton aria-label={t('purchase.back')} onClick={onBack}>
        <ArrowBack />
      </IconButton>
    </Tooltip>
  );
  if (purchase.error) {
    return (
      <Box>
        <PageHeader title={t('purchase.notFoundTitle')} back={back} />
        <ErrorAlert
          message={errorMessage(purchase.error, t('purchase.fetchFailed'))}
          onRetry={() => void purchase.refetch()}
          retrying={purchase.isFetching}
        />
      </Box>
    );
  }
  if (!purchase.data) return <Loading />;
  return <Details p={purchase.data} canMove={canMove} back={back} />;
}

function Details({ p, canMove, back }: { p: PurchaseItem; canMove: boolean; back: React.ReactNode }) {
  const { t } = useTranslation('stock');
  const format = useFormat();
  const qty = useQty();
  const [receiving, setReceiving] = useState(false);
  const [reversing, setReversing] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const file = useRef<HTMLInputElement>(null);
  const receive = useReceivePurchase(() => setReceiving(false));
  const uploadInvoice = useUploadInvoice(p.id, setProgress);
  const rupees = (paise: number) => format.rupees(paise / 100);

  const facts: [string, string][] = [
    [t('purchase.supplier'), p.supplier.gstin ? `${p.supplier.name} (${p.supplier.gstin})` : p.supplier.name],
    [t('purchase.invoiceDate'), format.date(p.invoiceDate)],
    [t('purchase.store'), p.store.name],
    [
      t('purchase.recorded'),
      t('purchase.recordedBy', { name: p.createdBy?.name ?? '—', at: format.dateTime(p.createdAt) }),
    ],
    ...(p.receivedAt ? ([[t('purchase.receivedAt'), format.dateTime(p.receivedAt)]] as [string, string][]) : []),
    ...(p.reversedAt
      ? ([
          [t('purchase.reversedAt'), format.dateTime(p.reversedAt)],
          [t('purchase.reverseReason'), p.reverseReason ?? '—'],
        ] as [string, string][])
      : []),
  ];

  const actions = (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {canMove && p.status === 'DRAFT' ? (
        <Button variant="contained" startIcon={<Inventory />} onClick={() => setReceiving(true)}>
          {t('purchase.receive')}
        </Button>
      ) : null}
      {canMove && p.status === 'RECEIVED' ? (
        <Button variant="outlined" color="error" startIcon={<Undo />} onClick={() => setReversing(true)}>
          {t('purchase.reverse')}
        </Button>
      ) : null}
    </Stack>
  );

  return (
    <Box>
      <PageHeader
        title={t('purchase.title', { number: p.invoiceNumber })}
        back={back}
        subtitle={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5 }}>
            <PurchaseStatusChip status={p.status} />
            <Typography variant="body2" color="text.secondary">
              {p.supplier.name}
            </Typography>
          </Stack>
        }
        actions={actions}
        phoneActions="start"
      />

      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
            columnGap: 3,
            rowGap: { xs: 0.25, sm: 1 },
          }}
        >
          {facts.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary" sx={{ mt: { xs: 1, sm: 0 } }}>
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ mt: 2, flexWrap: 'wrap', alignItems: 'center' }}>
          {p.invoiceUrl ? (
            <Button
              component={Link}
              href={p.invoiceUrl}
              target="_blank"
              rel="noopener"
              variant="outlined"
              startIcon={<OpenInNew />}
            >
              {t('purchase.viewInvoice')}
            </Button>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {t('purchase.noInvoice')}
            </Typography>
          )}
          {canMove ? (
            <>
              <input
                ref={file}
                type="file"
                accept={INVOICE_TYPES}
                hidden
                aria-hidden
                tabIndex={-1}
                onChange={(e) => {
                  const chosen = e.target.files?.[0];
                  e.target.value = '';
                  if (!chosen) return;
                  setProgress(0);
                  uploadInvoice.mutate(chosen, { onSettled: () => setProgress(null) });
                }}
              />
              <Button
                startIcon={<AttachFile />}
                onClick={() => file.current?.click()}
                disabled={uploadInvoice.isPending}
              >
                {p.invoiceUrl ? t('purchase.replaceInvoice') : t('purchase.attachInvoice')}
              </Button>
            </>
          ) : null}
        </Stack>
        {progress !== null ? (
          <LinearProgress
            variant="determinate"
            value={progress}
            aria-label={t('purchase.uploading')}
            sx={{ mt: 1.5, maxWidth: 360 }}
          />
        ) : null}
      </Paper>

      <Paper variant="outlined" sx={{ mb: 2, overflow: 'hidden' }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, px: { xs: 2, sm: 3 }, pt: 2 }}>
          {t('purchase.lines')}
        </Typography>
        <Table aria-label={t('purchase.lines')} sx={{ '& td, & th': { px: { xs: 1, sm: 2 } } }}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 600 }}>{t('stock.part')}</TableCell>
              <TableCell sx={{ fontWeight: 600 }} align="right">
                {t('purchase.quantity')}
              </TableCell>
              <TableCell sx={{ fontWeight: 600, display: { xs: 'none', sm: 'table-cell' } }} align="right">
                {t('purchase.unitCost')}
              </TableCell>
              <TableCell sx={{ fontWeight: 600, display: { xs: 'none', md: 'table-cell' } }} align="right">
                {t('parts.gstRate')}
              </TableCell>
              <TableCell sx={{ fontWeight: 600 }} align="right">
                {t('purchase.taxable')}
              </TableCell>
              <TableCell sx={{ fontWeight: 600, display: { xs: 'none', md: 'table-cell' } }} align="right">
                {t('purchase.tax')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {p.lines.map((l) => (
              <TableRow key={l.part.id}>
                <TableCell>
                  <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
                    {l.part.sku}
                  </Typography>
                  <Typography variant="body2">{l.part.name}</Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ display: { sm: 'none' } }}>
                    {t('purchase.atCost', { cost: rupees(l.unitCostPaise), rate: l.gstRate })}
                  </Typography>
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {qty(l.quantity, l.part.unit)}
                </TableCell>
                <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  {rupees(l.unitCostPaise)}
                </TableCell>
                <TableCell align="right" sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                  {t('gst.rate', { rate: l.gstRate })}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {rupees(l.taxablePaise)}
                </TableCell>
                <TableCell align="right" sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                  {rupees(l.taxPaise)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>

      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {t('purchase.totals')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {p.interState ? t('purchase.interState') : t('purchase.intraState')}
        </Typography>
        <Totals
          taxable={p.taxablePaise}
          cgst={p.cgstPaise}
          sgst={p.sgstPaise}
          igst={p.igstPaise}
          total={p.totalPaise}
          interState={p.interState}
        />
      </Paper>

      {receiving ? (
        <ConfirmDialog
          open
          title={t('purchase.receiveTitle')}
          message={t('purchase.receiveMessage', { store: p.store.name, count: p.lines.length })}
          confirmLabel={t('purchase.receive')}
          pending={receive.isPending}
          onConfirm={() => receive.mutate(p.id)}
          onClose={() => setReceiving(false)}
        />
      ) : null}
      {reversing ? <ReverseDialog purchase={p} onClose={() => setReversing(false)} /> : null}
    </Box>
  );
}

function ReverseDialog({ purchase, onClose }: { purchase: PurchaseItem; onClose: () => void }) {
  const { t } = useTranslation('stock');
  const { t: tc } = useTranslation('common');
  const fieldText = useFieldText();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const reverse = useReversePurchase(onClose);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = reverseBody.safeParse({ reason });
    if (!parsed.success) {
      setError(zodFieldErrors(parsed.error.issues).reason);
      return;
    }
    setError(undefined);
    reverse.mutate(
      { id: purchase.id, reason: parsed.data.reason },
      { onError: (err) => setError(apiFieldErrors(err).reason) },
    );
  };
  return (
    <Dialog
      open
      onClose={reverse.isPending ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="reverse-title"
    >
      <form noValidate onSubmit={submit}>
        <DialogTitle id="reverse-title">{t('purchase.reverseTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {t('purchase.reverseMessage', { store: purchase.store.name })}
          </DialogContentText>
          <TextField
            label={t('purchase.reverseReason')}
            required
            fullWidth
            multiline
            minRows={2}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={!!error}
            helperText={fieldText(error)}
            autoFocus
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={reverse.isPending}>
            {tc('cancel')}
          </Button>
          <Button type="submit" variant="contained" color="error" disabled={reverse.isPending}>
            {t('purchase.reverse')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
