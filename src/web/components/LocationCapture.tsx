/**
 * Customer location capture (spec sections 4, 8 and 9), shared by the customer dialog and the
 * request details page.
 *
 *   <LocationCapture value={loc} onChange={(loc) => save(loc)} />
 *
 * - 'Capture Location' asks the browser once: high accuracy, a 10 s timeout, no cached position.
 *   Its failures show the spec's five messages (GEOLOCATION_ERRORS).
 * - Once a location is set the button reads 'Location Saved' and is disabled; the values (shown to
 *   6 decimals, accuracy in metres) stay editable by hand.
 * - Manual entry: Latitude and Longitude fields and 'Set Location', with 'Invalid coordinates.
 *   Please enter valid numbers.' and the range message. `applyOnBlur` also applies valid values
 *   when a field loses focus (a form that saves later, so typed values are not lost).
 * - `onChange` receives the new location (or null after 'Clear', when `allowClear`).
 * - Words from the `technician` catalogue; the spec's messages stay the English constants below
 *   and are shown in the app's language (`location.error.*`, the coordinates' through `server`).
 */
import CheckCircle from '@mui/icons-material/CheckCircle';
import ExpandMore from '@mui/icons-material/ExpandMore';
import MyLocation from '@mui/icons-material/MyLocation';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseCoordinates } from '#shared/contracts/customers.ts';
import { GEO_TIMEOUT_MS } from '#shared/domain/constants.ts';
import { useServerText } from '#web/i18n/hooks.ts';

export interface CapturedLocation {
  latitude: number;
  longitude: number;
  /** Metres, when the browser reported it. */
  accuracy: number | null;
}

/** The spec's geolocation messages, in one place. */
export const GEOLOCATION_ERRORS = {
  unsupported: 'Geolocation is not supported by the browser',
  denied: 'Location permission denied. Please enable location access.',
  unavailable: 'Location information unavailable. Try manual entry.',
  timeout: 'Location request timed out. Try again.',
  unknown: 'An error occurred while getting location.',
} as const;

/** The catalogue key (`location.error.<key>`) of one of the messages above. */
export function geolocationErrorKey(message: string): keyof typeof GEOLOCATION_ERRORS | null {
  const found = Object.entries(GEOLOCATION_ERRORS).find(([, text]) => text === message);
  return found ? (found[0] as keyof typeof GEOLOCATION_ERRORS) : null;
}

/** High accuracy, a 10 s timeout, never a cached position. */
export const GEOLOCATION_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  timeout: GEO_TIMEOUT_MS,
  maximumAge: 0,
};

/** The message for a GeolocationPositionError code (1 denied, 2 unavailable, 3 timeout). */
export function geolocationErrorMessage(code: number | undefined): string {
  switch (code) {
    case 1:
      return GEOLOCATION_ERRORS.denied;
    case 2:
      return GEOLOCATION_ERRORS.unavailable;
    case 3:
      return GEOLOCATION_ERRORS.timeout;
    default:
      return GEOLOCATION_ERRORS.unknown;
  }
}

/** One reading from the browser; rejects with an Error carrying the spec's message. */
export function getCurrentLocation(): Promise<CapturedLocation> {
  return new Promise((resolve, reject) => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      reject(new Error(GEOLOCATION_ERRORS.unsupported));
      return;
    }
    try {
      navigator.geolocation.getCurrentPosition(
        (pos) =>
          resolve({
            latitude: pos.coords.latitude,
            longitude: pos.coords.longitude,
            accuracy: Number.isFinite(pos.coords.accuracy) ? pos.coords.accuracy : null,
          }),
        (err) => reject(new Error(geolocationErrorMessage(err?.code))),
        GEOLOCATION_OPTIONS,
      );
    } catch {
      reject(new Error(GEOLOCATION_ERRORS.unknown));
    }
  });
}

const fixed6 = (n: number) => n.toFixed(6);

export interface LocationCaptureProps {
  value: CapturedLocation | null;
  onChange: (location: CapturedLocation | null) => void;
  disabled?: boolean;
  /** The owner is saving the location (e.g. a server call after onChange). */
  saving?: boolean;
  /** Offer 'Clear' once a location is set. */
  allowClear?: boolean;
  /** Apply valid manual values when a field loses focus. */
  applyOnBlur?: boolean;
  /**
   * Fold the manual entry away in an expander (the technician's phone: the coordinates come from
   * the phone's location; typing them is the exception; ADR 020).
   */
  foldManual?: boolean;
}

export function LocationCapture({
  value,
  onChange,
  disabled = false,
  saving = false,
  allowClear = false,
  applyOnBlur = false,
  foldManual = false,
}: LocationCaptureProps) {
  const { t } = useTranslation('technician');
  const serverText = useServerText();
  const [locating, setLocating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [lat, setLat] = useState(value ? fixed6(value.latitude) : '');
  const [lng, setLng] = useState(value ? fixed6(value.longitude) : '');
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  // Show a location set from outside (or by the browser) in the fields, to 6 decimals.
  const vLat = value?.latitude;
  const vLng = value?.longitude;
  useEffect(() => {
    setLat(vLat != null ? fixed6(vLat) : '');
    setLng(vLng != null ? fixed6(vLng) : '');
  }, [vLat, vLng]);

  const captured = !!value;
  /** The error (kept in English, as the spec words it) in the app's language. */
  const errorText = (message: string) => {
    const key = geolocationErrorKey(message);
    return key ? t(`location.error.${key}`) : serverText(message);
  };

  const capture = async () => {
    setError(null);
    setLocating(true);
    try {
      const loc = await getCurrentLocation();
      if (mounted.current) onChange(loc);
    } catch (err) {
      if (mounted.current) setError(err instanceof Error ? err.message : GEOLOCATION_ERRORS.unknown);
    } finally {
      if (mounted.current) setLocating(false);
    }
  };

  /** Apply the typed values; `quiet` skips both fields blank (nothing typed yet). */
  const applyManual = (quiet = false) => {
    if (quiet && !lat.trim() && !lng.trim()) return;
    const parsed = parseCoordinates(lat, lng);
    if (!parsed.ok) {
      setError(parsed.message);
      return;
    }
    setError(null);
    if (
      value &&
      fixed6(parsed.latitude) === fixed6(value.latitude) &&
      fixed6(parsed.longitude) === fixed6(value.longitude)
    ) {
      return;
    }
    onChange({ latitude: parsed.latitude, longitude: parsed.longitude, accuracy: null });
  };

  const busy = locating || saving;
  let captureIcon = <MyLocation />;
  if (locating) captureIcon = <CircularProgress size={18} />;
  else if (captured) captureIcon = <CheckCircle />;

  const manualFields = (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
      <TextField
        label={t('location.latitude')}
        size="small"
        value={lat}
        disabled={disabled}
        onChange={(e) => setLat(e.target.value)}
        onBlur={applyOnBlur ? () => applyManual(true) : undefined}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        fullWidth
      />
      <TextField
        label={t('location.longitude')}
        size="small"
        value={lng}
        disabled={disabled}
        onChange={(e) => setLng(e.target.value)}
        onBlur={applyOnBlur ? () => applyManual(true) : undefined}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        fullWidth
      />
      <Button
        variant="outlined"
        onClick={() => applyManual()}
        disabled={busy || disabled}
        sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
      >
        {t('location.set')}
      </Button>
    </Stack>
  );

  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <Button
          variant={captured ? 'contained' : 'outlined'}
          color={captured ? 'success' : 'primary'}
          startIcon={captureIcon}
          disabled={captured || busy || disabled}
          onClick={capture}
        >
          {captured ? t('location.saved') : locating ? t('location.locating') : t('location.capture')}
        </Button>
        {captured && allowClear ? (
          <Button
            size="small"
            onClick={() => {
              setError(null);
              onChange(null);
            }}
            disabled={busy || disabled}
          >
            {t('location.clear')}
          </Button>
        ) : null}
      </Stack>
      {value ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('location.coordinates', { latitude: fixed6(value.latitude), longitude: fixed6(value.longitude) })}
          {value.accuracy != null ? ` · ${t('location.accuracy', { metres: Math.round(value.accuracy) })}` : ''}
        </Typography>
      ) : null}
      {foldManual ? (
        <Accordion disableGutters variant="outlined" sx={{ mt: 2 }}>
          <AccordionSummary expandIcon={<ExpandMore />}>
            <Typography variant="body2">{t('location.manual')}</Typography>
          </AccordionSummary>
          <AccordionDetails>{manualFields}</AccordionDetails>
        </Accordion>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2, mb: 1 }}>
            {t('location.orManual')}
          </Typography>
          {manualFields}
        </>
      )}
      {error ? (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {errorText(error)}
        </Alert>
      ) : null}
    </Box>
  );
}
