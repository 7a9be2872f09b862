/**
 * Work photos from the technician: pick several images, or take one with the phone's camera
 * (a second input with capture="environment"). Each image goes up in its own call with its own
 * progress bar; then 'n image(s) uploaded successfully!'. Uploading with nothing chosen says
 * 'Please select at least one image'. Words from the `technician` catalogue.
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
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '#web/components/toast.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { requestQueryKey } from '../api/keys.ts';
import { UPLOAD_IMAGES_FALLBACK, UPLOAD_MEDIA_FALLBACK, uploadWorkMedia } from '../api/upload-media.ts';

interface Pending {
  key: string;
  file: File;
  progress: number;
  state: 'waiting' | 'uploading' | 'done' | 'failed';
  error?: string;
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

export function PhotoUploader({ requestId, disabled }: { requestId: string; disabled: boolean }) {
  const { t } = useTranslation('technician');
  const toast = useToast();
  const queryClient = useQueryClient();
  const pickRef = useRef<HTMLInputElement>(null);
  const cameraRef = useRef<HTMLInputElement>(null);
  const [items, setItems] = useState<Pending[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const add = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    const images = Array.from(files).filter((f) => f.type === '' || f.type.startsWith('image/'));
    if (images.length < files.length) setError(t('photos.onlyImages'));
    else setError(null);
    setItems((prev) => [
      ...prev.filter((p) => p.state !== 'done'),
      ...images.map((file) => ({
        key: `${file.name}-${file.size}-${nextKey()}`,
        file,
        progress: 0,
        state: 'waiting' as const,
      })),
    ]);
  };

  const patch = (key: string, change: Partial<Pending>) =>
    setItems((prev) => prev.map((p) => (p.key === key ? { ...p, ...change } : p)));

  const uploadAll = async () => {
    const queue = items.filter((p) => p.state === 'waiting' || p.state === 'failed');
    if (queue.length === 0) {
      setError(t('photos.selectAtLeastOne'));
      return;
    }
    setError(null);
    setBusy(true);
    let ok = 0;
    let firstError: string | null = null;
    // One call per image, one after another: each gets the whole connection and its own bar.
    for (const item of queue) {
      patch(item.key, { state: 'uploading', progress: 0, error: undefined });
      try {
        await uploadWorkMedia(requestId, item.file, (progress) => patch(item.key, { progress }));
        ok += 1;
        patch(item.key, { state: 'done', progress: 100 });
      } catch (err) {
        // The server's message when it gave one; otherwise the spec's texts for one image and for the batch.
        firstError ??= errorMessage(err, UPLOAD_IMAGES_FALLBACK);
        patch(item.key, { state: 'failed', error: errorMessage(err, UPLOAD_MEDIA_FALLBACK) });
      }
    }
    setBusy(false);
    await queryClient.invalidateQueries({ queryKey: requestQueryKey(requestId) });
    if (ok > 0) toast.success(t('photos.uploaded', { count: ok }));
    if (firstError) toast.error(firstError);
  };

  const waiting = items.filter((p) => p.state !== 'done').length;

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
        <Stack
          spacing={1}
          sx={{ mt: 2 }}
          component="ul"
          aria-label={t('photos.selected')}
          style={{ padding: 0, margin: 0 }}
        >
          {items.map((p) => (
            <Box component="li" key={p.key} sx={{ listStyle: 'none' }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
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
                value={p.progress}
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
