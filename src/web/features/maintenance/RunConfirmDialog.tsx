/**
 * "Raise due jobs now", asked first (issue 33 item 2): the server's dry run says how many jobs the
 * run would raise, for which units, and its window (what is due by today + MAINTENANCE_LEAD_DAYS,
 * not the list's "Due within" filter); only "Raise N jobs" runs it. Nothing to raise: the dialog
 * says so and offers only Close.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Loading } from '#web/components/Loading.tsx';
import { useFormat } from '#web/i18n/hooks.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useRunDueJobs, useRunPreview } from './api/due.ts';

export function RunConfirmDialog({
  regionId,
  within,
  onClose,
}: {
  /** The region the run is for (the page's region filter); none: every region the caller may run. */
  regionId: string | undefined;
  /** The list's "Due within" filter, in days: named beside the run's own window. */
  within: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('maintenance');
  const format = useFormat();
  const preview = useRunPreview(regionId, true);
  const run = useRunDueJobs();
  const p = preview.data;
  const more = p ? p.total - p.items.length : 0;
  const partName = (name: string) => (name === 'AMC visit' ? t('unit.amcVisit') : name);
  return (
    <Dialog
      open
      onClose={run.isPending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="run-confirm-title"
      aria-describedby="run-confirm-window"
    >
      <DialogTitle id="run-confirm-title">
        {p ? (p.total > 0 ? t('run.confirmTitle', { count: p.total }) : t('run.nothingTitle')) : t('run.button')}
      </DialogTitle>
      <DialogContent>
        {preview.isLoading && <Loading />}
        {preview.error && <Alert severity="error">{errorMessage(preview.error, t('run.previewFailed'))}</Alert>}
        {p && (
          <>
            <Typography id="run-confirm-window" variant="body2" sx={{ mb: 1 }}>
              {t('run.window', { count: p.leadDays, date: format.date(p.horizon) })}{' '}
              {p.leadDays !== within && t('run.listDiffers', { count: within })}
            </Typography>
            {p.total === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {t('run.nothing')}
              </Typography>
            ) : (
              <List dense aria-label={t('run.listLabel')} sx={{ maxHeight: 320, overflowY: 'auto', mx: -2 }}>
                {p.items.map((i) => (
                  <ListItem key={i.unitId} divider sx={{ display: 'block' }}>
                    <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, alignItems: 'baseline' }}>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {i.customer.name}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        {i.product.brand} {i.product.name} · {i.serialNumber}
                      </Typography>
                    </Box>
                    <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, rowGap: 0.5, alignItems: 'center' }}>
                      <Typography variant="body2">
                        {t('due.dueOnDate', { date: format.date(i.nextDueOn) })}
                        {i.dueParts.length > 0 && ` · ${i.dueParts.map((d) => partName(d.name)).join(', ')}`}
                      </Typography>
                      {i.chargeable && (
                        <Chip size="small" color="warning" variant="outlined" label={t('due.chargeable')} />
                      )}
                    </Box>
                  </ListItem>
                ))}
              </List>
            )}
            {more > 0 && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {t('run.more', { count: more })}
              </Typography>
            )}
            {p.heldBack > 0 && (
              <Alert severity="info" sx={{ mt: 1 }}>
                {t('run.heldBack', { count: p.heldBack })}
              </Alert>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={run.isPending} sx={{ minHeight: 44 }}>
          {p && p.total === 0 ? t('run.close') : t('cancel')}
        </Button>
        {p && p.total > 0 && (
          <Button
            variant="contained"
            disabled={run.isPending}
            onClick={() => run.mutate(regionId ? { regionId } : {}, { onSuccess: onClose })}
            sx={{ minHeight: 44 }}
          >
            {t('run.confirm', { count: p.total })}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
