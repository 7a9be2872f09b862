/**
 * Work photos from the technician: first what they show (issue 35 item 2: Before, After, Other;
 * Before while the job has no before photo, sent or queued, else After), then pick several images, or take one with the phone's camera
 * (a second input with capture="environment"). Each image is made small on the phone and goes
 * through the offline queue (issue 22), up in its own call with its own progress bar; then
 * 'n image(s) uploaded successfully!', or "saved on this phone" with no network. Uploading with nothing chosen says
 * 'Please select at least one image'. Each chosen photo keeps the kind picked when it was chosen,
 * shown on its row, and carries it through the queue (`mediaKind`). Words from the `technician` catalogue.
 */
import AddPhotoAlternate from '@mui/icons-material/AddPhotoAlternateOutlined';
import CloudUpload from '@mui/icons-material/CloudUploadOutlined';
import Delete from '@mui/icons-material/DeleteOutlineOutlined';
import PhotoCamera from '@mui/icons-material/PhotoCameraOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MEDIA_KINDS, type MediaKind } from '#shared/domain/media.ts';
import { useToast } from '#web/components/toast.tsx';
import { queue, useOfflineQueue } from '#web/lib/offline/app-queue.ts';
import { compressPhoto } from '#web/lib/offline/compress.ts';
import { requestQueryKey } from '../api/keys.ts';
import { uploadImagesFallback, uploadMediaFallback } from '../api/upload-media.ts';

interface Pending {
  key: string;
  file: File;
  /** What it shows: the kind picked when it was chosen. */
  kind: MediaKind;
  progress: number;
  /** `queued`: made small and saved on the phone, to be sent when the network returns (issue 22). */
  state: 'waiting' | 'uploading' | 'done' | 'queued' | 'failed';
  error?: string;
  /** Its item in the offline queue, once queued (its upload progress is the queue's). */
  seq?: number;
}

/**
 * A key for each chosen file. Not crypto.randomUUID(): browsers offer it only in secure contexts
 * (HTTPS, localhost), and a phone opening the app at http://<office-pc>:3000 is not one; choosing
 * a photo crashed the page there (issue 14, e2e/office-network.lan.spec.ts).
 */
let keys = 0;
const nextKey = () => ++keys;

const sizeLabel = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** The kind picked at first: Before until the job has a before photo (on the server or queued), then After. */
export function defaultMediaKind(hasBefore: boolean): MediaKind {
  return hasBefore ? 'AFTER' : 'BEFORE';
}

export function PhotoUploader({
  requestId,
  disabled,
  hasBefore,
}: {
  requestId: string;
  disabled: boolean;
  /** The job already has a BEFORE photo on the server. */
  hasBefore: boolean;
}) {
  const { t } = useTranslation('technician');
  const { t: tOffline } = useTranslation('offline');
  const view = useOfflineQueue(useQueryClient());
  const toast = useToast();
  const queryClient = useQueryClient();
  const pickRef = useRef<HTMLInputElement>(null);
  const cameraRef = useRef<HTMLInputElement>(null);
  const [items, setItems] = useState<Pending[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The technician's pick; until they pick, the default follows the job's photos.
  const [picked, setPicked] = useState<MediaKind | null>(null);
  const kindLabelId = useId();
  const queuedBefore = view.items.some(
    (i) =>
      i.taskId === requestId &&
      i.state !== 'needsAttention' &&
      i.action.kind === 'photo' &&
      i.action.mediaKind === 'BEFORE',
  );
  const kind = picked ?? defaultMediaKind(hasBefore || queuedBefore);

  const add = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    const images = Array.from(files).filter((f) => f.type === '' || f.type.startsWith('image/'));
    if (images.length < files.length) setError(t('photos.onlyImages'));
    else setError(null);
    setItems((prev) => [
      ...prev.filter((p) => p.state !== 'done' && p.state !== 'queued'),
      ...images.map((file) => ({
        key: `${file.name}-${file.size}-${nextKey()}`,
        file,
        kind,
        progress: 0,
        state: 'waiting' as const,
      })),
    ]);
  };

  const patch = (key: string, change: Partial<Pending>) =>
    setItems((prev) => prev.map((p) => (p.key === key ? { ...p, ...change } : p)));

  /**
   * Each photo is made small on the phone (longest side 1600 px, JPEG 80%, orientation applied)
   * and queued with its own Idempotency-Key (issue 22, ADR 027), then the queue is sent: with a
   * network the photos go up at once, one after another, each with its bar; without one they stay
   * on the phone and go when it returns, once each.
   */
  const uploadAll = async () => {
    const chosen = items.filter((p) => p.state === 'waiting' || p.state === 'failed');
    if (chosen.length === 0) {
      setError(t('photos.selectAtLeastOne'));
      return;
    }
    setError(null);
    setBusy(true);
    const queued: { key: string; itemKey: string }[] = [];
    for (const item of chosen) {
      patch(item.key, { state: 'uploading', progress: 0, error: undefined });
      const small = await compressPhoto(item.file);
      const fileName = small === item.file ? item.file.name : `${item.file.name.replace(/\.[^.]*$/, '')}.jpg`;
      const q = await queue().enqueue({ kind: 'photo', requestId, photo: small, fileName, mediaKind: item.kind });
      patch(item.key, { seq: q.seq });
      queued.push({ key: item.key, itemKey: q.key });
    }
    await queue().run();
    const left = new Map((await queue().items()).map((i) => [i.key, i]));
    let ok = 0;
    let later = 0;
    let firstError: string | null = null;
    for (const { key, itemKey } of queued) {
      const still = left.get(itemKey);
      if (!still) {
        ok += 1;
        patch(key, { state: 'done', progress: 100 });
      } else if (still.state === 'needsAttention') {
        firstError ??= still.error ?? uploadImagesFallback();
        patch(key, { state: 'failed', error: still.error ?? uploadMediaFallback() });
      } else {
        later += 1;
        patch(key, { state: 'queued' });
      }
    }
    setBusy(false);
    // Tell the technician first: the refreshed request (with its new thumbnails) follows.
    if (ok > 0) toast.success(t('photos.uploaded', { count: ok }));
    if (later > 0) toast.success(tOffline('sync.savedOnPhone'));
    if (firstError) toast.error(firstError);
    await queryClient.invalidateQueries({ queryKey: requestQueryKey(requestId) });
  };

  const waiting = items.filter((p) => p.state === 'waiting' || p.state === 'failed').length;

  return (
    <Box>
      <input
        ref={pickRef}
        type="file"
        accept="image/*"
        multiple
        hidden
        data-testid="photo-input"
        onChange={(e) => {
          add(e.target.files);
          e.target.value = '';
        }}
      />
      <input
        ref={cameraRef}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        data-testid="camera-input"
        onChange={(e) => {
          add(e.target.files);
          e.target.value = '';
        }}
      />
      <Stack spacing={1.5}>
        <Box>
          {/* A whole-pixel line height: the buttons below stay on whole pixels, wholly on screen once scrolled to. */}
          <Typography
            variant="caption"
            color="text.secondary"
            component="div"
            id={kindLabelId}
            sx={{ mb: 0.5, lineHeight: '20px' }}
          >
            {t('photos.kindLabel')}
          </Typography>
          <ToggleButtonGroup
            exclusive
            fullWidth
            size="small"
            color="primary"
            value={kind}
            onChange={(_, next: MediaKind | null) => {
              if (next) setPicked(next);
            }}
            disabled={disabled || busy}
            aria-labelledby={kindLabelId}
            data-testid="photo-kind"
          >
            {MEDIA_KINDS.map((k) => (
              <ToggleButton key={k} value={k} sx={{ minHeight: 44, textTransform: 'none', fontWeight: 600 }}>
                {t(`photos.kind.${k}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Box>
        <Stack direction="row" spacing={1.5}>
          <Button
            variant="outlined"
            startIcon={<AddPhotoAlternate />}
            onClick={() => pickRef.current?.click()}
            disabled={disabled || busy}
            sx={{ flex: 1, whiteSpace: 'nowrap' }}
          >
            {t('photos.choose')}
          </Button>
          <Button
            variant="outlined"
            startIcon={<PhotoCamera />}
            onClick={() => cameraRef.current?.click()}
            disabled={disabled || busy}
            sx={{ flex: 1, whiteSpace: 'nowrap' }}
          >
            {t('photos.take')}
          </Button>
        </Stack>
        <Button
          variant="contained"
          startIcon={<CloudUpload />}
          onClick={uploadAll}
          disabled={disabled || busy}
          fullWidth
        >
          {busy
            ? t('photos.uploading')
            : waiting > 0
              ? t('photos.uploadCount', { count: waiting })
              : t('photos.upload')}
        </Button>
      </Stack>
      {error ? (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {error}
        </Alert>
      ) : null}
      {items.length > 0 ? (
        <Stack spacing={1} component="ul" aria-label={t('photos.selected')} sx={{ mt: 2, mb: 0, mx: 0, p: 0 }}>
          {items.map((p) => (
            <Box component="li" key={p.key} sx={{ listStyle: 'none' }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography
                  variant="caption"
                  data-testid="photo-row-kind"
                  sx={{
                    flexShrink: 0,
                    px: 0.75,
                    borderRadius: 1,
                    border: 1,
                    borderColor: 'divider',
                    fontWeight: 600,
                  }}
                >
                  {t(`photos.kind.${p.kind}`)}
                </Typography>
                <Typography
                  variant="body2"
                  sx={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                >
                  {p.file.name}
                </Typography>
                <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
                  {p.state === 'done'
                    ? t('photos.done')
                    : p.state === 'failed'
                      ? t('photos.failed')
                      : p.state === 'queued'
                        ? tOffline('state.waiting')
                        : sizeLabel(p.file.size)}
                </Typography>
                {p.state === 'waiting' || p.state === 'failed' ? (
                  <IconButton
                    size="small"
                    aria-label={t('photos.remove', { name: p.file.name })}
                    disabled={busy}
                    onClick={() => setItems((prev) => prev.filter((x) => x.key !== p.key))}
                  >
                    <Delete fontSize="small" />
                  </IconButton>
                ) : null}
              </Stack>
              <LinearProgress
                variant="determinate"
                value={p.state === 'uploading' && p.seq !== undefined ? (view.progress[p.seq] ?? 0) : p.progress}
                color={p.state === 'failed' ? 'error' : p.state === 'done' ? 'success' : 'primary'}
                aria-label={t('photos.progress', { name: p.file.name })}
                sx={{ mt: 0.5, height: 6, borderRadius: 3 }}
              />
              {p.error ? (
                <Typography variant="caption" color="error">
                  {p.error}
                </Typography>
              ) : null}
            </Box>
          ))}
        </Stack>
      ) : null}
    </Box>
  );
}
