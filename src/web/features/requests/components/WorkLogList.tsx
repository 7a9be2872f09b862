/** The details page's "Work Logs": who worked when and for how long, with their notes (`technician` catalogue). */
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { WorkLog } from '#shared/contracts/service-requests.ts';
import { formatDuration } from '#shared/domain/format.ts';
import { useFormat } from '#web/i18n/hooks.ts';
import { Section } from './DetailsSection.tsx';

export function WorkLogList({ logs }: { logs: WorkLog[] }) {
  const { t } = useTranslation('technician');
  const format = useFormat();
  return (
    <Section title={t('logs.title')}>
      {logs.length === 0 ? (
        <Typography color="text.secondary">{t('logs.empty')}</Typography>
      ) : (
        <Stack divider={<Divider flexItem />} spacing={1.5}>
          {logs.map((log) => {
            const seconds = log.endTime
              ? Math.floor((new Date(log.endTime).getTime() - new Date(log.startTime).getTime()) / 1000)
              : null;
            return (
              <Box key={log.id}>
                <Typography sx={{ fontWeight: 600 }}>{log.technician.name}</Typography>
                <Typography variant="body2">
                  {[
                    t('logs.started', { time: format.dateTime(log.startTime) }),
                    log.endTime ? t('logs.ended', { time: format.dateTime(log.endTime) }) : t('logs.inProgress'),
                    ...(seconds != null ? [formatDuration(seconds)] : []),
                  ].join(' · ')}
                </Typography>
                {log.notes ? (
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                    {log.notes}
                  </Typography>
                ) : null}
              </Box>
            );
          })}
        </Stack>
      )}
    </Section>
  );
}
