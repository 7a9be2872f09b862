/**
 * Every feature's offline actions (ADR 027; lib/offline/registry.ts): one line per feature that
 * queues work on the phone. Their code loads when the queue first sends (a lazy chunk), so a
 * visit that queues nothing never fetches it. main.tsx loads this module before the first paint.
 */
import { loadOfflineActionsWith } from '#web/lib/offline/registry.ts';

loadOfflineActionsWith(() =>
  Promise.all([
    import('#web/features/requests/offline-actions.ts'),
    import('#web/features/readings/offline-actions.ts'),
    // Issue 37: the technician's part requests
    import('#web/features/van/offline-actions.ts'),
  ]),
);
