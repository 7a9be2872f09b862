/**
 * Proof of completion in the technician's Complete Work dialog (issue 35 item 1, ADR 047): the
 * customer signs in a box (with their name), or reads out the one-time code "Send code" had sent
 * to their phone. Either travels with the completion, through the offline queue when there is no
 * signal (a code is checked when the queue reaches the server; a wrong one then waits under Needs
 * attention with the server's reason). What the business asks for (PROOF_OF_COMPLETION, from
 * /api/config) is said before anything is sent; the dialog's Complete stays off until it is met.
 * Words from the `technician` catalogue; every control at least 44 px high.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProofVisitPart } from '#shared/contracts/proof.ts';
import { MAX_SIGNATURE_BYTES, OTP, type ProofMode } from '#shared/domain/messages.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useUnreachable } from '#web/lib/connectivity.ts';
import { useSendCompletionCode } from '../api/actions.ts';
import { SignaturePad } from './SignaturePad.tsx';

type Method = 'signature' | 'code';

/** What the dialog sends, and whether it may be sent now. */
export interface ProofState {
  proof: ProofVisitPart | undefined;
  ready: boolean;
}

/** The bytes of a base64 data URL. */
const bytesOf = (dataUrl: string) => Math.floor(((dataUrl.length - dataUrl.indexOf(',') - 1) * 3) / 4);

/** The methods a mode offers, the first one chosen at the start ('optional': none chosen). */
const METHODS: Record<ProofMode, Method[]> = {
  optional: ['signature', 'code'],
  either: ['signature', 'code'],
  signature: ['signature'],
  otp: ['code'],
};

export function CompletionProof({
  requestId,
  mode,
  onChange,
}: {
  requestId: string;
  mode: ProofMode;
  onChange: (state: ProofState) => void;
}) {
  const { t } = useTranslation('technician');
  const methods = METHODS[mode];
  const [method, setMethod] = useState<Method | null>(mode === 'optional' ? null : (methods[0] ?? null));
  const [signature, setSignature] = useState<string | null>(null);
  const [signedBy, setSignedBy] = useState('');
  const [code, setCode] = useState('');
  const send = useSendCompletionCode(requestId);
  const unreachable = useUnreachable();
  const [online, setOnline] = useState(() => typeof navigator === 'undefined' || navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  const canSend = online && !unreachable;

  const name = signedBy.trim();
  const tooBig = signature !== null && bytesOf(signature) > MAX_SIGNATURE_BYTES;
  const nameMissing = method === 'signature' && signature !== null && name.length < 2;
  const codeDone = new RegExp(`^\\d{${OTP.digits}}$`).test(code);

  useEffect(() => {
    let proof: ProofVisitPart | undefined;
    let partial = false;
    if (method === 'signature') {
      if (signature && name.length >= 2 && !tooBig) proof = { signature, signedBy: name };
      else partial = signature !== null || name.length > 0;
    } else if (method === 'code') {
      if (codeDone) proof = { otp: code };
      else partial = code.length > 0;
    }
    // Optional: nothing, or a whole proof; required: a whole proof of a method the mode accepts.
    onChange({ proof, ready: mode === 'optional' ? !partial : proof !== undefined });
  }, [method, signature, name, tooBig, code, codeDone, mode, onChange]);

  const required = mode !== 'optional';
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 2, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        {t('proof.title')}
      </Typography>
      <Alert severity={required ? 'warning' : 'info'} sx={{ mb: 1.5 }} data-testid="proof-mode">
        {t(`proof.mode.${mode}`)}
      </Alert>
      {methods.length > 1 ? (
        <ToggleButtonGroup
          exclusive
          fullWidth
          value={method}
          onChange={(_e, v: Method | null) => setMethod(v)}
          aria-label={t('proof.method')}
          sx={{ mb: 1.5 }}
        >
          <ToggleButton value="signature" sx={{ minHeight: 44 }}>
            {t('proof.signature')}
          </ToggleButton>
          <ToggleButton value="code" sx={{ minHeight: 44 }}>
            {t('proof.code')}
          </ToggleButton>
        </ToggleButtonGroup>
      ) : null}

      {method === 'signature' ? (
        <Stack spacing={1.5}>
          <SignaturePad
            label={t('proof.padLabel')}
            hint={t('proof.padHint')}
            clearLabel={t('proof.clear')}
            onChange={setSignature}
          />
          {tooBig ? <Alert severity="error">{t('proof.tooBig')}</Alert> : null}
          <TextField
            fullWidth
            label={t('proof.signedBy')}
            value={signedBy}
            onChange={(e) => setSignedBy(e.target.value)}
            autoComplete="name"
            slotProps={{ htmlInput: { maxLength: 80 } }}
            error={nameMissing}
            helperText={nameMissing ? t('proof.signedByNeeded') : undefined}
          />
        </Stack>
      ) : null}

      {method === 'code' ? (
        <Stack spacing={1.5}>
          <Box>
            <Button
              variant="outlined"
              onClick={() => send.mutate()}
              disabled={!canSend || send.isPending}
              sx={{ minHeight: 44 }}
            >
              {send.isPending ? t('proof.sending') : send.data ? t('proof.sendAgain') : t('proof.sendCode')}
            </Button>
          </Box>
          {!canSend ? <Alert severity="info">{t('proof.offline')}</Alert> : null}
          {send.data ? (
            <Alert severity="success" role="status">
              {t('proof.sent', { phone: send.data.phone, minutes: OTP.validMinutes })}{' '}
              {t('proof.sendsLeft', { count: send.data.sendsLeft })}
            </Alert>
          ) : null}
          {send.error ? <Alert severity="error">{errorMessage(send.error, t('proof.sendFailed'))}</Alert> : null}
          <TextField
            fullWidth
            label={t('proof.codeLabel')}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, OTP.digits))}
            autoComplete="one-time-code"
            helperText={t('proof.codeHelp', { digits: OTP.digits })}
            slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', maxLength: OTP.digits } }}
          />
        </Stack>
      ) : null}
    </Box>
  );
}
