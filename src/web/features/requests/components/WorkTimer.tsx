/**
 * The work timer: HH:MM:SS, ticking every second while a work log is open. It counts from the
 * open log's startTime (so it resumes after a reload), plus the time of the logs already closed.
 */
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WorkLog } from '#shared/contracts/service-requests.ts';
import { formatDuration } from '#shared/domain/format.ts';

/** Seconds worked: closed logs in full, the open one up to `now`. */
export function workedSeconds(logs: readonly Pick<WorkLog, 'startTime' | 'endTime'>[], now: number): number {
  let ms = 0;
  for (const log of logs) {
    const start = new Date(log.startTime).getTime();
    const end = log.endTime ? new Date(log.endTime).getTime() : now;
    if (Number.isFinite(start) && Number.isFinite(end) && end > start) ms += end - start;
  }
  return Math.floor(ms / 1000);
}

export function openLogOf<T extends Pick<WorkLog, 'endTime'>>(logs: readonly T[]): T | undefined {
  const last = logs[logs.length - 1];
  return last && !last.endTime ? last : undefined;
}

export function WorkTimer({ logs }: { logs: readonly WorkLog[] }) {
  const { t } = useTranslation('technician');
  const running = !!openLogOf(logs);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [running]);
  return (
    <Typography
      role="timer"
      aria-label={t('work.timer')}
      aria-live="off"
      sx={{
        fontFamily: 'monospace',
        fontSize: { xs: 36, sm: 44 },
        fontWeight: 600,
        letterSpacing: 2,
        color: running ? 'primary.main' : 'text.secondary',
      }}
    >
      {formatDuration(workedSeconds(logs, now))}
    </Typography>
  );
}
