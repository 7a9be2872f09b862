/**
 * /stock (issue 37 item 7): the stock keepers' stock. Two tabs, the choice in the URL
 * (?tab=movements): on hand by location (OnHandTab: low and negative lists, reorder levels,
 * Adjust) and the ledger (MovementsTab). Words in the on-demand `stock` catalogue.
 */
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { StockRow } from '#shared/contracts/stock.ts';
import { hasCapability } from '#shared/domain/permissions.ts';
import { Loading } from '#web/components/Loading.tsx';
import { PageHeader } from '#web/components/PageHeader.tsx';
import { useAuth } from '#web/lib/auth.tsx';
import { MovementsTab } from './components/MovementsTab.tsx';
import { OnHandTab } from './components/OnHandTab.tsx';

const TABS = ['onHand', 'movements'] as const;
type TabName = (typeof TABS)[number];

export default function StockPage() {
  const { t, ready } = useTranslation('stock');
  const [params, setParams] = useSearchParams();
  const { policyRole } = useAuth();
  const canMove = hasCapability(policyRole, 'stockMove');
  const [adjusting, setAdjusting] = useState(false);
  const id = useId();
  const tab: TabName = params.get('tab') === 'movements' ? 'movements' : 'onHand';
  if (!ready) return <Loading />;
  // Each tab keeps its own filters: switching starts the other from its defaults.
  const open = (next: TabName) => setParams(next === 'onHand' ? {} : { tab: next }, { replace: true });
  const movementsOf = (row: StockRow) =>
    setParams({ tab: 'movements', locationId: row.location.id, partId: row.part.id }, { state: { part: row.part } });

  return (
    <Box>
      <PageHeader
        title={t('stock.title')}
        actions={
          canMove && tab === 'onHand' ? (
            <Button variant="contained" startIcon={<TuneOutlined />} onClick={() => setAdjusting(true)}>
              {t('adjust.title')}
            </Button>
          ) : undefined
        }
      />
      <Tabs
        value={tab}
        onChange={(_e, v: TabName) => open(v)}
        aria-label={t('stock.tabs')}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((name) => (
          <Tab
            key={name}
            value={name}
            label={t(`stock.tab.${name}`)}
            id={`${id}-tab-${name}`}
            aria-controls={name === tab ? `${id}-panel-${name}` : undefined}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`${id}-panel-${tab}`} aria-labelledby={`${id}-tab-${tab}`}>
        {tab === 'onHand' ? (
          <OnHandTab
            canMove={canMove}
            onMovements={movementsOf}
            adjusting={adjusting}
            onAdjustClosed={() => setAdjusting(false)}
          />
        ) : (
          <MovementsTab />
        )}
      </Box>
    </Box>
  );
}
