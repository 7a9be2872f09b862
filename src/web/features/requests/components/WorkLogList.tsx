/** The details page's "Work Logs": who worked when and for how long, with their notes. */
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { WorkLog } from '#shared/contracts/service-requests.ts';
import { formatDateTime, formatDuration } from '#shared/domain/format.ts';
import { Section } from './DetailsSection.tsx';

export function WorkLogList({ logs }: { logs: WorkLog[] }) {
  return (
    <Section title="Work Logs">
      {logs.length === 0 ? (
        <Typography color="text.secondary">No work logged yet</Typography>
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
                  Started {formatDateTime(log.startTime)}
                  {log.endTime ? ` · Ended ${formatDateTime(log.endTime)}` : ' · In progress'}
                  {seconds != null ? ` · ${formatDuration(seconds)}` : ''}
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
