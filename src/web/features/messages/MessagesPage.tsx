/**
 * /messages (issue 35 item 7, ADR 046), the admins': what AquaDesk sends customers by WhatsApp and
 * SMS. Two tabs, the choice in the URL (?tab=templates): the outbox (OutboxTab: each message with
 * its text as sent, its status, retries) and the templates (TemplatesTab: each template in each of
 * the six languages, edited with a live preview). Words in the on-demand `messages` catalogue.
 */
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Loading } from '#web/components/Loading.tsx';
import { PageHeader } from '#web/components/PageHeader.tsx';
import { OutboxTab } from './components/OutboxTab.tsx';
import { TemplatesTab } from './components/TemplatesTab.tsx';

const TABS = ['outbox', 'templates'] as const;
type TabName = (typeof TABS)[number];

export default function MessagesPage() {
  const { t, ready } = useTranslation('messages');
  const [params, setParams] = useSearchParams();
  const id = useId();
  const tab: TabName = params.get('tab') === 'templates' ? 'templates' : 'outbox';
  if (!ready) return <Loading />;
  // Each tab keeps its own filters: switching starts the other from its defaults.
  const open = (next: TabName) => setParams(next === 'outbox' ? {} : { tab: next }, { replace: true });

  return (
    <Box>
      <PageHeader
        title={t('title')}
        subtitle={
          <Typography variant="body2" color="text.secondary">
            {t('subtitle')}
          </Typography>
        }
      />
      <Tabs
        value={tab}
        onChange={(_e, v: TabName) => open(v)}
        aria-label={t('tabs')}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((name) => (
          <Tab
            key={name}
            value={name}
            label={t(`tab.${name}`)}
            id={`${id}-tab-${name}`}
            // Only the open tab's panel exists.
            aria-controls={name === tab ? `${id}-panel-${name}` : undefined}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`${id}-panel-${tab}`} aria-labelledby={`${id}-tab-${tab}`}>
        {tab === 'outbox' ? <OutboxTab /> : <TemplatesTab />}
      </Box>
    </Box>
  );
}
