/**
 * The technician's four offline actions on a request (issue 22, ADR 027), registered with the
 * offline queue (lib/offline/registry.ts): start, complete (stop), a photo, the customer's
 * location. Their kinds and fields are what phones keep in IndexedDB: unchanged once shipped.
 * Listed in app/offline-actions.ts (the queue may send them from any screen).
 */
import type { ProofVisitPart } from '#shared/contracts/proof.ts';
import type { StockLine } from '#shared/contracts/stock.ts';
import type { CompletionExtras } from '#shared/contracts/units.ts';
import type { MediaKind } from '#shared/domain/media.ts';
import { api, upload } from '#web/lib/api-client.ts';
import { type ItemOf, registerOfflineAction } from '#web/lib/offline/registry.ts';
import { queryRoots } from '#web/lib/query-keys.ts';
import { requestQueryKey } from './api/keys.ts';

/**
 * The Complete Work dialog's fields besides the notes and the proof: the installed base's (issue 21)
 * and the catalogue parts taken from the van (issue 37, `parts`), sent as they are.
 */
export type CompletionFields = CompletionExtras & { parts?: StockLine[] };

declare module '#web/lib/offline/types.ts' {
  interface OfflineActions {
    start: { requestId: string };
    /**
     * `extras`: the installed base's completion fields (issue 21) and the van's parts (issue 37:
     * `parts`, absent on completions queued by an older version), sent as they are; `proof`: the
     * customer's signature (a PNG data URL) and name, or the one-time code they read out (issue 35
     * item 1), absent on completions queued by an older version.
     */
    complete: { requestId: string; notes: string | null; extras?: CompletionFields; proof?: ProofVisitPart };
    /**
     * `mediaKind`: what it shows (issue 35 item 2), sent as `?kind=`; absent on photos queued by an
     * older version (the server then records OTHER).
     */
    photo: { requestId: string; photo: Blob; fileName: string; mediaKind?: MediaKind };
    location: {
      requestId: string;
      customerId: string;
      latitude: number;
      longitude: number;
      accuracy: number | null;
    };
  }
}

/** Once sent: the technician's screens, the task's details and the dashboard. */
const sent = (item: ItemOf<'start' | 'complete' | 'photo' | 'location'>) => [
  queryRoots.technician,
  requestQueryKey(item.taskId),
  queryRoots.dashboard,
];

registerOfflineAction({
  kind: 'start',
  label: 'offline:action.start',
  send: (item, { headers }) =>
    api('/technician-workflow/start', {
      method: 'POST',
      headers,
      body: { requestId: item.action.requestId, clientTime: item.clientTime },
    }),
  // In progress since the phone's time, with its open work log.
  overlay: (task, item, me) =>
    task.status !== 'ASSIGNED'
      ? task
      : {
          ...task,
          status: 'IN_PROGRESS',
          workLogs: [
            ...task.workLogs,
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
        },
  sent,
});

registerOfflineAction({
  kind: 'complete',
  label: 'offline:action.complete',
  send: (item, { headers }) => {
    const a = item.action;
    return api('/technician-workflow/stop', {
      method: 'POST',
      headers,
      body: { requestId: a.requestId, notes: a.notes, ...a.extras, ...a.proof, clientTime: item.clientTime },
    });
  },
  // Work completed at the phone's time: the open work log closed with the notes.
  overlay: (task, item) =>
    task.status !== 'IN_PROGRESS'
      ? task
      : {
          ...task,
          status: 'WORK_COMPLETED',
          workLogs: task.workLogs.map((l) =>
            l.endTime === null ? { ...l, endTime: item.clientTime, notes: item.action.notes } : l,
          ),
        },
  sent,
});

/** A queued photo's name in the sync status, by what it shows (one queued by an older version: 'Photo'). */
const PHOTO_LABEL: Record<MediaKind, string> = {
  BEFORE: 'offline:action.photoBefore',
  AFTER: 'offline:action.photoAfter',
  OTHER: 'offline:action.photoOther',
};

registerOfflineAction({
  kind: 'photo',
  // The sync status names what a queued photo shows (issue 35 item 2).
  label: (item) => (item.action.mediaKind ? PHOTO_LABEL[item.action.mediaKind] : 'offline:action.photo'),
  uploads: true,
  // Multipart: the clientTime and what the photo shows go in the query.
  send: (item, { headers, onProgress }) => {
    const a = item.action;
    const form = new FormData();
    form.append('file', a.photo, a.fileName);
    const query = new URLSearchParams({ clientTime: item.clientTime });
    if (a.mediaKind) query.set('kind', a.mediaKind);
    return upload(`/uploads/work-media/${a.requestId}?${query.toString()}`, form, {
      headers,
      ...(onProgress ? { onProgress } : {}),
    });
  },
  sent,
});

registerOfflineAction({
  kind: 'location',
  label: 'offline:action.location',
  send: (item, { headers }) => {
    const a = item.action;
    return api(`/customers/update-location/${a.customerId}`, {
      method: 'PUT',
      headers,
      body: {
        latitude: a.latitude,
        longitude: a.longitude,
        accuracy: a.accuracy,
        clientTime: item.clientTime,
        requestId: a.requestId,
      },
    });
  },
  sent,
});
