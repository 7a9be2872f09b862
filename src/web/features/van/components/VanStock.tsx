/**
 * What the van holds (issue 37): one row per part, its on-hand large at the end. A negative
 * on-hand (a job offline took more than the van showed, ADR 049 item 6) is red, with a minus sign
 * and the words "Below zero" (not colour alone), and listed first.
 */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { VanAnswer } from '#shared/contracts/stock.ts';
import { EmptyState } from '#web/components/EmptyState.tsx';
import { useFormat } from '#web/i18n/hooks.ts';

export function VanStock({ van }: { van: VanAnswer }) {
  const { t } = useTranslation('van');
  const format = useFormat();
  const rows = [...van.stock].sort(
    (a, b) => Number(a.onHand >= 0) - Number(b.onHand >= 0) || a.part.name.localeCompare(b.part.name),
  );
  if (rows.length === 0) return <EmptyState message={t('stock.empty')} />;
  return (
    <Box
      component="ul"
      aria-label={t('stock.title')}
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: 1,
        gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', xl: 'repeat(3, 1fr)' },
      }}
    >
      {rows.map((s) => {
        const negative = s.onHand < 0;
        return (
          <Box
            component="li"
            key={s.part.id}
            data-testid="van-stock-row"
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1.5,
              p: 1.5,
              border: 1,
              borderRadius: 1,
              borderColor: negative ? 'error.main' : 'divider',
              bgcolor: (theme) => (negative ? alpha(theme.palette.error.main, 0.06) : theme.palette.background.paper),
              minHeight: 56,
            }}
          >
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="body1" sx={{ fontWeight: 600, overflowWrap: 'break-word' }}>
                {s.part.name}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {s.part.sku}
              </Typography>
              {negative ? (
                <Box>
                  <Chip size="small" color="error" label={t('stock.belowZero')} sx={{ mt: 0.5 }} />
                </Box>
              ) : null}
            </Box>
            <Box sx={{ textAlign: 'end' }}>
              <Typography
                variant="h6"
                component="p"
                data-testid="on-hand"
                sx={{ fontWeight: 700, color: negative ? 'error.main' : 'text.primary', lineHeight: 1.2 }}
              >
                {format.number(s.onHand)}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {t(`unit.${s.part.unit}`)}
              </Typography>
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
