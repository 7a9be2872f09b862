/**
 * A new purchase (issue 37 item 6): the supplier, their invoice's number and date, the store it
 * goes into, and its lines (part, quantity, unit cost in rupees, GST rate). The totals follow every
 * keystroke through the shared `gstTotals`: CGST and SGST at half the rate each, or IGST when the
 * supplier's GSTIN is of another state than the business's. Saved as a draft; receiving it (on
 * its details) adds the stock.
 */
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type PurchaseItem, purchaseBody } from '#shared/contracts/stock.ts';
import { todayIn } from '#shared/domain/maintenance.ts';
import { GST_RATES, gstTotals, isInterState, MAX_STOCK_LINES } from '#shared/domain/stock.ts';
import { useFormat } from '#web/i18n/hooks.ts';
import { useStockLocations } from '../api/locations.ts';
import { useCreatePurchase } from '../api/purchases.ts';
import { apiFieldErrors, type FieldErrors, RUPEES_MESSAGE, useFieldText, zodFieldErrors } from './field-text.ts';
import { LocationSelect } from './LocationSelect.tsx';
import { paiseOf, rupeesField } from './money.ts';
import { type PartChoice, PartPicker } from './PartPicker.tsx';
import { type SupplierChoice, SupplierPicker } from './SupplierPicker.tsx';

interface LineDraft {
  key: number;
  part: PartChoice | null;
  quantity: string;
  unitCost: string;
  gstRate: number;
}

let nextKey = 1;
const newLine = (): LineDraft => ({ key: nextKey++, part: null, quantity: '1', unitCost: '', gstRate: 18 });

/** A line's numbers as typed so far (what is not yet a number counts as 0). */
function numbersOf(l: LineDraft) {
  const q = Number(l.quantity.trim());
  return {
    quantity: Number.isInteger(q) && q > 0 ? q : 0,
    unitCostPaise: paiseOf(l.unitCost) ?? 0,
    gstRate: l.gstRate,
  };
}

export interface PurchaseFormProps {
  /** The business's GST state code ('29'), when the server says it; unknown: intra-state. */
  businessState: string | null;
  onSaved: (purchase: PurchaseItem) => void;
  onCancel: () => void;
}

export function PurchaseForm({ businessState, onSaved, onCancel }: PurchaseFormProps) {
  const { t } = useTranslation('stock');
  const { t: tc } = useTranslation('common');
  const format = useFormat();
  const fieldText = useFieldText();
  const stores = (useStockLocations().data ?? []).filter((l) => l.kind === 'STORE' && l.active);
  const [supplier, setSupplier] = useState<SupplierChoice | null>(null);
  const [invoiceNumber, setInvoiceNumber] = useState('');
  const [invoiceDate, setInvoiceDate] = useState(() => todayIn());
  const [chosenStore, setStoreId] = useState('');
  const [lines, setLines] = useState<LineDraft[]>(() => [newLine()]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreatePurchase(onSaved);
  // The only store is the store.
  const storeId = chosenStore || (stores.length === 1 ? (stores[0]?.id ?? '') : '');

  const interState = isInterState(supplier?.gstin, businessState);
  const totals = gstTotals(lines.map(numbersOf), interState);
  const rupees = (paise: number) => format.rupees(paise / 100);
  const update = (key: number, patch: Partial<LineDraft>) =>
    setLines((all) => all.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  const pickPart = (l: LineDraft, part: PartChoice | null) =>
    update(l.key, {
      part,
      // A chosen part brings its GST rate, and its cost while none is typed.
      ...(part?.gstRate !== undefined ? { gstRate: part.gstRate } : {}),
      ...(part && !l.unitCost.trim() && part.costPaise ? { unitCost: rupeesField(part.costPaise) } : {}),
    });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const costErrors: FieldErrors = {};
    lines.forEach((l, i) => {
      if (paiseOf(l.unitCost) === null) costErrors[`lines.${i}.unitCostPaise`] = RUPEES_MESSAGE;
    });
    const parsed = purchaseBody.safeParse({
      supplierId: supplier?.id ?? '',
      invoiceNumber,
      invoiceDate,
      storeId,
      lines: lines.map((l) => ({
        partId: l.part?.id ?? '',
        quantity: l.quantity.trim(),
        unitCostPaise: paiseOf(l.unitCost) ?? 0,
        gstRate: l.gstRate,
      })),
    });
    const found = { ...(parsed.success ? {} : zodFieldErrors(parsed.error.issues)), ...costErrors };
    if (!parsed.success || Object.keys(found).length) {
      setErrors(found);
      return;
    }
    setErrors({});
    create.mutate(parsed.data, { onError: (error) => setErrors(apiFieldErrors(error)) });
  };

  const money = { input: { startAdornment: <InputAdornment position="start">₹</InputAdornment> } };
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={t('purchase.newTitle')}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
        <Stack spacing={2.5}>
          <SupplierPicker
            label={t('purchase.supplier')}
            value={supplier}
            onChange={setSupplier}
            required
            error={!!errors.supplierId}
            helperText={
              fieldText(errors.supplierId) ??
              (supplier?.gstin ? t('purchase.supplierGstin', { gstin: supplier.gstin }) : undefined)
            }
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label={t('purchase.invoiceNumber')}
              required
              value={invoiceNumber}
              onChange={(e) => setInvoiceNumber(e.target.value)}
              error={!!errors.invoiceNumber}
              helperText={fieldText(errors.invoiceNumber)}
              sx={{ flex: 1 }}
            />
            <TextField
              label={t('purchase.invoiceDate')}
              type="date"
              required
              value={invoiceDate}
              onChange={(e) => setInvoiceDate(e.target.value)}
              error={!!errors.invoiceDate}
              helperText={fieldText(errors.invoiceDate)}
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ flex: 1 }}
            />
          </Stack>
          <LocationSelect
            label={t('purchase.store')}
            kind="STORE"
            activeOnly
            value={storeId}
            onChange={setStoreId}
            required
            error={!!errors.storeId}
            helperText={fieldText(errors.storeId) ?? t('purchase.storeHelp')}
          />
        </Stack>
      </Paper>

      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 2 }}>
          {t('purchase.lines')}
        </Typography>
        <Stack spacing={2} divider={<Divider flexItem />}>
          {lines.map((l, i) => {
            const line = totals.lines[i];
            const n = i + 1;
            return (
              <Stack key={l.key} spacing={1.5}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                  <PartPicker
                    label={t('lines.part', { n })}
                    value={l.part}
                    onChange={(part) => pickPart(l, part)}
                    required
                    error={!!errors[`lines.${i}.partId`]}
                    helperText={fieldText(errors[`lines.${i}.partId`])}
                    sx={{ flex: 1, minWidth: 0 }}
                  />
                  <IconButton
                    aria-label={t('lines.remove', { n })}
                    onClick={() => setLines((all) => all.filter((x) => x.key !== l.key))}
                    disabled={lines.length === 1}
                    sx={{ mt: 0.5 }}
                  >
                    <DeleteOutline />
                  </IconButton>
                </Stack>
                <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                  <TextField
                    label={t('purchase.quantity')}
                    required
                    value={l.quantity}
                    onChange={(e) => update(l.key, { quantity: e.target.value })}
                    error={!!errors[`lines.${i}.quantity`]}
                    helperText={fieldText(errors[`lines.${i}.quantity`])}
                    slotProps={{
                      htmlInput: { inputMode: 'numeric', 'aria-label': t('purchase.quantityOf', { n }) },
                    }}
                    sx={{ width: { xs: 'calc(35% - 8px)', sm: 120 } }}
                  />
                  <TextField
                    label={t('purchase.unitCost')}
                    required
                    value={l.unitCost}
                    onChange={(e) => update(l.key, { unitCost: e.target.value })}
                    error={!!errors[`lines.${i}.unitCostPaise`]}
                    helperText={fieldText(errors[`lines.${i}.unitCostPaise`])}
                    slotProps={{
                      ...money,
                      htmlInput: { inputMode: 'decimal', 'aria-label': t('purchase.unitCostOf', { n }) },
                    }}
                    sx={{ width: { xs: 'calc(65% - 4px)', sm: 180 } }}
                  />
                  <TextField
                    select
                    label={t('purchase.gstRate')}
                    value={l.gstRate}
                    onChange={(e) => update(l.key, { gstRate: Number(e.target.value) })}
                    // Named per line ("GST rate of part 2"), not by the visible label alone.
                    slotProps={{
                      select: {
                        SelectDisplayProps: {
                          'aria-labelledby': undefined,
                          'aria-label': t('purchase.gstRateOf', { n }),
                        },
                      },
                    }}
                    sx={{ width: { xs: '100%', sm: 140 } }}
                  >
                    {GST_RATES.map((r) => (
                      <MenuItem key={r} value={r}>
                        {t('gst.rate', { rate: r })}
                      </MenuItem>
                    ))}
                  </TextField>
                </Stack>
                {line ? (
                  <Typography variant="body2" color="text.secondary" data-testid={`line-${n}-amount`}>
                    {t('purchase.lineAmount', {
                      taxable: rupees(line.taxablePaise),
                      tax: rupees(line.totalPaise - line.taxablePaise),
                      total: rupees(line.totalPaise),
                    })}
                  </Typography>
                ) : null}
              </Stack>
            );
          })}
        </Stack>
        {errors.lines ? <FormHelperText error>{fieldText(errors.lines)}</FormHelperText> : null}
        <Button
          startIcon={<Add />}
          onClick={() => setLines((all) => [...all, newLine()])}
          disabled={lines.length >= MAX_STOCK_LINES}
          sx={{ mt: 2 }}
        >
          {t('lines.add')}
        </Button>
      </Paper>

      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {t('purchase.totals')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {interState ? t('purchase.interState') : t('purchase.intraState')}
        </Typography>
        <Totals
          taxable={totals.taxablePaise}
          cgst={totals.cgstPaise}
          sgst={totals.sgstPaise}
          igst={totals.igstPaise}
          total={totals.totalPaise}
          interState={interState}
        />
      </Paper>

      <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={onCancel} disabled={create.isPending}>
          {tc('cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={create.isPending}>
          {t('purchase.save')}
        </Button>
      </Stack>
    </Box>
  );
}

/** Taxable value, the tax by kind and the total, as a definition list (label: amount). */
export function Totals({
  taxable,
  cgst,
  sgst,
  igst,
  total,
  interState,
}: {
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
  interState: boolean;
}) {
  const { t } = useTranslation('stock');
  const format = useFormat();
  const rows: [string, number][] = [
    [t('purchase.taxable'), taxable],
    ...(interState
      ? ([[t('purchase.igst'), igst]] as [string, number][])
      : ([
          [t('purchase.cgst'), cgst],
          [t('purchase.sgst'), sgst],
        ] as [string, number][])),
  ];
  // Each label and amount in a div of their own: a <dl> holds only such groups (no rule between them).
  const row = (label: string, paise: number, strong = false) => (
    <Stack
      key={label}
      direction="row"
      sx={{
        justifyContent: 'space-between',
        gap: 2,
        py: 0.5,
        ...(strong ? { borderTop: 1, borderColor: 'divider', mt: 0.5, pt: 1 } : {}),
      }}
    >
      <Typography component="dt" sx={{ fontWeight: strong ? 700 : 400 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: strong ? 700 : 500, fontVariantNumeric: 'tabular-nums' }}>
        {format.rupees(paise / 100)}
      </Typography>
    </Stack>
  );
  return (
    <Box component="dl" sx={{ m: 0, maxWidth: 420 }} data-testid="purchase-totals">
      {rows.map(([label, paise]) => row(label, paise))}
      {row(t('purchase.total'), total, true)}
    </Box>
  );
}
