/**
 * A task as the technician sees it while their actions wait to be sent (ADR 027): the last details
 * from the server with the queued start and complete applied (status, the open or closed work log
 * at the phone's times), so the work panel shows the next step and not a Start already pressed.
 */
import type { RequestDetails } from '#shared/contracts/service-requests.ts';
import type { QueueItem } from './types.ts';

export function withQueued(
  r: RequestDetails,
  items: readonly QueueItem[],
  me: { id: string; name: string },
): RequestDetails {
  let out = r;
  for (const item of items) {
    if (item.taskId !== r.id || item.state === 'needsAttention') continue;
    const a = item.action;
    if (a.kind === 'start' && out.status === 'ASSIGNED') {
      out = {
        ...out,
        status: 'IN_PROGRESS',
        workLogs: [
          ...out.workLogs,
          {
            id: `queued-${item.key}`,
            technician: me,
            startTime: item.clientTime,
            endTime: null,
            notes: null,
            recordedAt: item.clientTime,
            endRecordedAt: null,
          },
        ],
      };
    } else if (a.kind === 'complete' && out.status === 'IN_PROGRESS') {
      out = {
        ...out,
        status: 'WORK_COMPLETED',
        workLogs: out.workLogs.map((l) =>
          l.endTime === null ? { ...l, endTime: item.clientTime, notes: a.notes } : l,
        ),
      };
    }
  }
  return out;
}

/**
 * The server's message when a queued change of this task was refused because the task moved on
 * while the phone was offline (a 409: reassigned, rejected or acknowledged meanwhile), and the
 * details on screen are not newer than that refusal: the work controls would only be refused
 * again. Null once the technician discards it, or when the server has since answered with the
 * task as theirs (details fetched from the server after the refusal).
 */
export function movedOnMessage(
  taskId: string,
  items: readonly QueueItem[],
  details: { updatedAt: number; fromPhone: boolean },
): string | null {
  for (const item of items) {
    if (item.taskId !== taskId || item.state !== 'needsAttention' || item.status !== 409) continue;
    const refusedAt = item.refusedAt ?? Number.POSITIVE_INFINITY;
    if (details.fromPhone || details.updatedAt <= refusedAt) return item.error ?? '';
  }
  return null;
}
