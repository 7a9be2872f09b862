/**
 * "Before and after" work photos (issue 35 item 2): the technician picks what a photo shows before
 * choosing it (Before until the job has a before photo, then After), and the photo is queued with
 * it; the details page groups the photos under Before, After and Other. The offline queue is a fake
 * here (its replay with the kind: offline-actions.test.ts).
 */
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkMediaItem } from '#shared/contracts/service-requests.ts';
import type { MediaKind } from '#shared/domain/media.ts';
import { renderWithApp } from '#web/components/testing/render.tsx';
import type { QueuedAction } from '#web/lib/offline/types.ts';
import { PhotoGrid } from './PhotoGrid.tsx';
import { PhotoUploader } from './PhotoUploader.tsx';

const fake = vi.hoisted(() => ({ enqueued: [] as unknown[], queuedBefore: false }));

vi.mock('#web/lib/offline/app-queue.ts', () => ({
  queue: () => ({
    enqueue: async (action: unknown) => {
      fake.enqueued.push(action);
      return { key: `k-${fake.enqueued.length}`, seq: fake.enqueued.length };
    },
    run: async () => {},
    // Every photo sent at once.
    items: async () => [],
  }),
  useOfflineQueue: () => ({
    items: fake.queuedBefore
      ? [
          {
            key: 'q-1',
            seq: 1,
            taskId: 'r-1',
            ownerId: 'u1',
            state: 'failed',
            action: { kind: 'photo', requestId: 'r-1', fileName: 'a.jpg', mediaKind: 'BEFORE' },
          },
        ]
      : [],
    sent: [],
    progress: {},
    syncing: false,
  }),
}));

beforeEach(() => {
  fake.enqueued = [];
  fake.queuedBefore = false;
});

const jpeg = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: 'image/jpeg' });
const pressed = () =>
  within(screen.getByRole('group', { name: 'What the photo shows' }))
    .getAllByRole('button')
    .filter((b) => b.getAttribute('aria-pressed') === 'true')
    .map((b) => b.textContent);

describe('the technician’s photo uploader', () => {
  it('starts at Before while the job has no before photo, at After once it has one (sent or queued)', () => {
    const first = renderWithApp(<PhotoUploader requestId="r-1" disabled={false} hasBefore={false} />);
    expect(pressed()).toEqual(['Before']);
    first.unmount();
    const second = renderWithApp(<PhotoUploader requestId="r-1" disabled={false} hasBefore />);
    expect(pressed()).toEqual(['After']);
    second.unmount();
    fake.queuedBefore = true;
    renderWithApp(<PhotoUploader requestId="r-1" disabled={false} hasBefore={false} />);
    expect(pressed()).toEqual(['After']);
  });

  it('each chosen photo keeps the kind picked when it was chosen, and is queued with it', async () => {
    const { user } = renderWithApp(<PhotoUploader requestId="r-1" disabled={false} hasBefore={false} />);
    await user.upload(screen.getByTestId('photo-input'), jpeg('inlet.jpg'));
    await user.click(screen.getByRole('button', { name: 'After' }));
    expect(pressed()).toEqual(['After']);
    await user.upload(screen.getByTestId('photo-input'), jpeg('outlet.jpg'));
    const rows = within(screen.getByRole('list', { name: 'Selected images' })).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^Beforeinlet\.jpg/),
      expect.stringMatching(/^Afteroutlet\.jpg/),
    ]);
    await user.click(screen.getByRole('button', { name: 'Upload 2 Image(s)' }));
    await screen.findByText('2 image(s) uploaded successfully!');
    const kinds = (fake.enqueued as QueuedAction[]).map((a) =>
      a.kind === 'photo' ? [a.requestId, a.fileName, a.mediaKind] : null,
    );
    expect(kinds).toEqual([
      ['r-1', 'inlet.jpg', 'BEFORE'],
      ['r-1', 'outlet.jpg', 'AFTER'],
    ]);
  });
});

const photo = (id: string, kind: MediaKind): WorkMediaItem => ({
  id,
  fileUrl: `/api/media/${id}.jpg`,
  thumbnailUrl: `/api/media/${id}-thumb.jpg`,
  mimeType: 'image/jpeg',
  width: 96,
  height: 64,
  sizeBytes: 1000,
  uploadedBy: { id: 't-1', name: 'Tara' },
  uploadedAt: '2026-11-25T05:00:00.000Z',
  takenAt: null,
  kind,
});

describe('the details page’s work photos', () => {
  it('groups them under Before, After and Other, in that order, only the groups that have photos', async () => {
    const { user } = renderWithApp(
      <PhotoGrid media={[photo('o1', 'OTHER'), photo('b1', 'BEFORE'), photo('o2', 'OTHER'), photo('b2', 'BEFORE')]} />,
    );
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Before', 'Other']);
    // Each group a list labelled by its heading, its thumbnails numbered through the groups.
    const before = screen.getByRole('list', { name: 'Before' });
    const other = screen.getByRole('list', { name: 'Other' });
    expect(
      within(before)
        .getAllByRole('img')
        .map((i) => i.getAttribute('src')),
    ).toEqual(['/api/media/b1-thumb.jpg', '/api/media/b2-thumb.jpg']);
    expect(
      within(other)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Open photo 3', 'Open photo 4']);
    expect(screen.queryByRole('list', { name: 'After' })).toBeNull();
    // Opening the full picture, as before.
    await user.click(within(other).getByRole('button', { name: 'Open photo 3' }));
    expect((await screen.findByRole('dialog')).querySelector('img')?.getAttribute('src')).toBe('/api/media/o1.jpg');
  });
});
