/**
 * One template in one language, edited (issue 35 item 7): the text in a textarea, the placeholders
 * it may use as chips that insert `{{name}}` where the cursor is, a live preview filled with sample
 * values in the template's language (renderTemplate, samples.ts), and the check the server makes on
 * save (unknownPlaceholders) made as one types, in the server's own words. Save; "Reset to default"
 * (text null: the catalogue's text again). The server's 400 is shown on the field.
 */
import RestartAlt from '@mui/icons-material/RestartAlt';
import Save from '@mui/icons-material/Save';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageTemplateItem } from '#shared/contracts/messages.ts';
import {
  MAX_TEMPLATE_LENGTH,
  type MessageTemplateKey,
  renderTemplate,
  unknownPlaceholders,
} from '#shared/domain/messages.ts';
import { LOCALE_NAMES } from '#shared/i18n/locales.ts';
import { SERVER_NS } from '#shared/i18n/messages.ts';
import { ConfirmDialog } from '#web/components/ConfirmDialog.tsx';
import { useFormat } from '#web/i18n/hooks.ts';
import { useServiceName } from '#web/lib/config.ts';
import { useSaveTemplate } from '../api/templates.ts';
import { sampleValues } from '../samples.ts';

const braces = (name: string) => `{{${name}}}`;
/** A placeholder as renderTemplate leaves it when it has no value (split keeps it: odd parts). */
const UNFILLED = /(\{\{\s*[^{}\s]*\s*\}\})/;

/** A preview's text in pieces, each placeholder left unfilled its own piece (keyed by where it starts). */
function piecesOf(text: string): { text: string; unfilled: boolean; at: number }[] {
  let at = 0;
  return text
    .split(UNFILLED)
    .map((piece, i) => {
      const out = { text: piece, unfilled: i % 2 === 1, at };
      at += piece.length;
      return out;
    })
    .filter((p) => p.text !== '');
}

/** The client's words for unknown placeholders: the server's own catalogue entry, same parameters. */
export function usePlaceholderProblem(): (
  key: MessageTemplateKey,
  text: string,
  allowed: readonly string[],
) => string | null {
  const { t } = useTranslation(SERVER_NS);
  return (key, text, allowed) => {
    const unknown = unknownPlaceholders(key, text);
    if (unknown.length === 0) return null;
    return t('error.templatePlaceholders', {
      names: unknown.map(braces).join(', '),
      allowed: allowed.map(braces).join(', '),
    });
  };
}

export interface TemplateEditorProps {
  template: MessageTemplateItem;
}

/** Mount with a `key` of the template and language: the draft starts from the saved text each time. */
export function TemplateEditor({ template }: TemplateEditorProps) {
  const { t } = useTranslation('messages');
  const format = useFormat();
  const business = useServiceName();
  const problemOf = usePlaceholderProblem();
  const [text, setText] = useState(template.text);
  const [serverError, setServerError] = useState<string | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const previewId = useId();
  const save = useSaveTemplate({ onTextError: setServerError });

  const key = template.key as MessageTemplateKey;
  const trimmed = text.trim();
  const problem =
    problemOf(key, text, template.placeholders) ??
    (trimmed ? null : t('templates.textRequired')) ??
    (text.length > MAX_TEMPLATE_LENGTH ? t('templates.tooLong', { max: MAX_TEMPLATE_LENGTH }) : null);
  const error = problem ?? serverError;
  const changed = trimmed !== template.text.trim();
  const preview = renderTemplate(text, sampleValues(template.language, business));

  const edit = (next: string) => {
    setText(next);
    setServerError(null);
  };

  /** Puts `{{name}}` where the cursor is (or over the selection), and the cursor after it. */
  const insert = (name: string) => {
    const el = input.current;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    const token = braces(name);
    edit(text.slice(0, start) + token + text.slice(end));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {template.custom && template.updatedAt
          ? t('templates.customSince', { date: format.dateTime(template.updatedAt) })
          : t('templates.isDefault')}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' }, gap: 3 }}>
        <Box sx={{ minWidth: 0 }}>
          <TextField
            label={t('templates.text')}
            multiline
            minRows={5}
            fullWidth
            value={text}
            onChange={(e) => edit(e.target.value)}
            inputRef={input}
            error={!!error}
            helperText={error ?? t('templates.length', { used: text.length, max: MAX_TEMPLATE_LENGTH })}
            slotProps={{
              htmlInput: { lang: template.language, spellCheck: false },
            }}
          />
          <Typography variant="subtitle2" component="h3" sx={{ mt: 2, mb: 1 }}>
            {t('templates.insert')}
          </Typography>
          <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
            {template.placeholders.map((p) => (
              <Chip
                key={p}
                label={braces(p)}
                variant="outlined"
                color="primary"
                onClick={() => insert(p)}
                aria-label={t('templates.insertNamed', { name: braces(p), meaning: t(`placeholder.${p}`) })}
                title={t(`placeholder.${p}`)}
                sx={{ fontFamily: 'monospace', minHeight: 32 }}
              />
            ))}
          </Stack>
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            {t('templates.preview')}
          </Typography>
          <Paper
            id={previewId}
            variant="outlined"
            lang={template.language}
            data-testid="template-preview"
            sx={{
              p: 2,
              bgcolor: '#e7f6e7',
              borderRadius: 2,
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
              color: 'text.primary',
            }}
          >
            {/* A placeholder left unfilled (one it may not use) stands out. */}
            {piecesOf(preview).map((p) =>
              p.unfilled ? (
                <Box
                  key={p.at}
                  component="mark"
                  sx={{ bgcolor: '#fdecea', color: 'error.dark', px: 0.25, borderRadius: 0.5 }}
                >
                  {p.text}
                </Box>
              ) : (
                <span key={p.at}>{p.text}</span>
              ),
            )}
          </Paper>
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
            {t('templates.sampleNote', { language: LOCALE_NAMES[template.language] })}
          </Typography>
        </Box>
      </Box>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1.5, mt: 3 }}>
        <Button
          variant="contained"
          startIcon={<Save />}
          disabled={!changed || !!problem || save.isPending}
          onClick={() => save.mutate({ key, language: template.language, text: trimmed })}
        >
          {t('templates.save')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<RestartAlt />}
          disabled={!template.custom || save.isPending}
          onClick={() => setConfirmReset(true)}
        >
          {t('templates.reset')}
        </Button>
        {changed ? (
          <Button variant="text" disabled={save.isPending} onClick={() => edit(template.text)}>
            {t('templates.discard')}
          </Button>
        ) : null}
      </Stack>
      <ConfirmDialog
        open={confirmReset}
        title={t('templates.resetTitle')}
        message={t('templates.resetMessage')}
        confirmLabel={t('templates.reset')}
        pending={save.isPending}
        onConfirm={() =>
          save.mutate(
            { key, language: template.language, text: null },
            {
              onSuccess: (saved) => {
                setText(saved.text);
                setConfirmReset(false);
              },
              onError: () => setConfirmReset(false),
            },
          )
        }
        onClose={() => setConfirmReset(false)}
      />
    </Box>
  );
}
