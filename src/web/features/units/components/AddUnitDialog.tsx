/** Record a purifier installed at this customer (issue 21): the dialog of api/add-unit.ts. */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerText } from '#web/i18n/hooks.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useAddUnit } from '../api/add-unit.ts';
import { useProductChoices } from '../api/product-choices.ts';

/** Today in IST as YYYY-MM-DD (inline: see contracts/ContractDialog.tsx on the initial bundle). */
const todayIn = () => new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });

export function AddUnitDialog({ customerId, onClose }: { customerId: string; onClose: () => void }) {
  const { t } = useTranslation('maintenance');
  const serverText = useServerText();
  const products = useProductChoices();
  const [productId, setProductId] = useState('');
  const [serialNumber, setSerial] = useState('');
  const [installedOn, setInstalledOn] = useState(todayIn());
  const [locationNote, setLocation] = useState('');
  const save = useAddUnit(customerId, onClose);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="add-unit-title">
      <DialogTitle id="add-unit-title">{t('addUnit.title')}</DialogTitle>
      <DialogContent>
        {save.error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {serverText(errorMessage(save.error, t('addUnit.failed')))}
          </Alert>
        )}
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            select
            label={t('addUnit.product')}
            value={productId}
            onChange={(e) => setProductId(e.target.value)}
            required
          >
            {(products.data?.items ?? []).map((p) => (
              <MenuItem key={p.id} value={p.id} sx={{ minHeight: 44 }}>
                {p.brand} {p.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('unit.serial')}
            value={serialNumber}
            onChange={(e) => setSerial(e.target.value)}
            required
          />
          <TextField
            label={t('unit.installedOn')}
            type="date"
            value={installedOn}
            onChange={(e) => setInstalledOn(e.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: todayIn() } }}
            required
          />
          <TextField label={t('unit.location')} value={locationNote} onChange={(e) => setLocation(e.target.value)} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel')}</Button>
        <Button
          variant="contained"
          disabled={!productId || !serialNumber.trim() || !installedOn || save.isPending}
          onClick={() => save.mutate({ productId, serialNumber, installedOn, locationNote })}
        >
          {t('save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
