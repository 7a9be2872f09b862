/**
 * The templates (issue 35 item 7): pick a template and one of the six languages, then edit it
 * (TemplateEditor). The picks live in the URL (?tab=templates&template=jobCompleted&language=ta).
 */

import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isTemplateKey, MESSAGE_TEMPLATE_KEYS, type MessageTemplateKey } from '#shared/domain/messages.ts';
import { isLocale, LOCALE_NAMES, LOCALES, type Locale } from '#shared/i18n/locales.ts';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { Loading } from '#web/components/Loading.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useTemplates } from '../api/templates.ts';
import { TemplateEditor } from './TemplateEditor.tsx';

export function TemplatesTab() {
  const { t } = useTranslation('messages');
  const [params, setParams] = useSearchParams();
  const templates = useTemplates();
  const wanted = params.get('template');
  const key: MessageTemplateKey = isTemplateKey(wanted) ? wanted : 'requestRegistered';
  const lang = params.get('language');
  const language: Locale = isLocale(lang) ? lang : 'en-IN';
  const choose = (name: 'template' | 'language', value: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set(name, value);
        return next;
      },
      { replace: true },
    );

  const template = templates.data?.find((x) => x.key === key && x.language === language);
  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField
          select
          size="small"
          label={t('templates.template')}
          value={key}
          onChange={(e) => choose('template', e.target.value)}
          sx={{ width: { xs: '100%', sm: 280 } }}
        >
          {MESSAGE_TEMPLATE_KEYS.map((k) => (
            <MenuItem key={k} value={k}>
              {t(`template.${k}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('templates.language')}
          value={language}
          onChange={(e) => choose('language', e.target.value)}
          sx={{ width: { xs: '100%', sm: 200 } }}
        >
          {LOCALES.map((l) => (
            <MenuItem key={l} value={l} lang={l}>
              {LOCALE_NAMES[l]}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {templates.error ? (
        <ErrorAlert
          message={errorMessage(templates.error, t('templates.fetchFailed'))}
          onRetry={() => void templates.refetch()}
          retrying={templates.isFetching}
        />
      ) : !template ? (
        <Loading />
      ) : (
        <TemplateEditor key={`${key}:${language}`} template={template} />
      )}
    </Box>
  );
}
