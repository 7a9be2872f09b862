/**
 * /customers/import (issue 34 item 2, ADR 040), the admins': moving in from spreadsheets. Choose
 * customers or units and a CSV or Excel file; the server checks it at once (a dry run) and the
 * page shows its columns, each read as the field its header names and adjustable, the first rows,
 * every row's errors by row and column (with the file back with an Errors column to fix), the
 * customers that already exist (skip, update or create, for all or row by row), then imports all
 * or nothing and says what it did. Its words are the on-demand `imports` catalogue; the page is
 * its own chunk.
 */
import ArrowBack from '@mui/icons-material/ArrowBack';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { DuplicateChoice, ImportKind, ImportResult } from '#shared/contracts/imports.ts';
import { IMPORT_MAX_ROWS } from '#shared/contracts/imports.ts';
import { Loading } from '#web/components/Loading.tsx';
import { PageHeader } from '#web/components/PageHeader.tsx';
import { useToast } from '#web/components/toast.tsx';
import { useFormat } from '#web/i18n/hooks.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { downloadErrorsCopy, downloadTemplate, useCheckImport, useImport } from './api/imports.ts';
import { ColumnsCard } from './components/ColumnsCard.tsx';
import { DuplicatesCard } from './components/DuplicatesCard.tsx';
import { RowErrorsCard } from './components/RowErrorsCard.tsx';
import { Section } from './components/Section.tsx';

/** A download the page waits for. */
interface FileWork {
  (): Promise<void>;
}

export default function ImportPage() {
  const { t, ready } = useTranslation('imports');
  const format = useFormat();
  const toast = useToast();
  const [kind, setKind] = useState<ImportKind>('customers');
  const [file, setFile] = useState<File | null>(null);
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [onDuplicate, setOnDuplicate] = useState<DuplicateChoice>('skip');
  const [choices, setChoices] = useState<Record<string, DuplicateChoice>>({});
  const [done, setDone] = useState<ImportResult | null>(null);
  const [downloading, setDownloading] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const check = useCheckImport(t('failed'));
  const importNow = useImport(t('importFailed'));
  if (!ready) return <Loading />;

  const report = check.data ?? null;
  const request = (
    over: Partial<{ mapping: typeof mapping; onDuplicate: DuplicateChoice; choices: typeof choices }> = {},
  ) => (file ? { kind, file, mapping, onDuplicate, choices, ...over } : null);
  const recheck = (over: Parameters<typeof request>[0] = {}) => {
    const r = request(over);
    if (r) check.mutate(r);
  };
  const reset = () => {
    setFile(null);
    setMapping({});
    setChoices({});
    setDone(null);
    check.reset();
    importNow.reset();
    if (input.current) input.current.value = '';
  };
  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    setFile(chosen);
    setMapping({});
    setChoices({});
    setDone(null);
    importNow.reset();
    check.mutate({ kind, file: chosen, mapping: {}, onDuplicate, choices: {} });
  };
  const fileAction = async (work: FileWork) => {
    setDownloading(true);
    try {
      await work();
    } catch (err) {
      toast.error(errorMessage(err, t('downloadFailed')));
    } finally {
      setDownloading(false);
    }
  };
  const runImport = () => {
    const r = request();
    if (!r) return;
    importNow.mutate(r, {
      onSuccess: (result) => setDone(result),
      // Refused (a row changed meanwhile): the check shows why.
      onError: () => recheck(),
    });
  };
  const n = format.number;
  const ready2 = report && report.errorCount === 0 && report.valid > 0;

  return (
    <Box>
      <PageHeader
        title={t('title')}
        back={
          <Tooltip title={t('back')}>
            <IconButton component={RouterLink} to="/customers" aria-label={t('back')}>
              <ArrowBack />
            </IconButton>
          </Tooltip>
        }
        subtitle={
          <Typography variant="body2" color="text.secondary">
            {t('subtitle', { rows: n(IMPORT_MAX_ROWS) })}
          </Typography>
        }
      />

      {done ? (
        <Alert
          severity="success"
          role="status"
          sx={{ mb: 2 }}
          action={
            <Stack direction="row" spacing={1}>
              <Button color="inherit" onClick={reset}>
                {t('another')}
              </Button>
              <Button color="inherit" component={RouterLink} to="/customers">
                {t('backToList')}
              </Button>
            </Stack>
          }
        >
          {done.kind === 'customers'
            ? t('done', { created: n(done.created), updated: n(done.updated), skipped: n(done.skipped) })
            : t('doneUnits', { created: n(done.created) })}
        </Alert>
      ) : null}

      <Section title={t('step.file')}>
        <Stack spacing={2}>
          <ToggleButtonGroup
            exclusive
            value={kind}
            aria-label={t('what')}
            onChange={(_, value: ImportKind | null) => {
              if (!value) return;
              setKind(value);
              reset();
            }}
          >
            <ToggleButton value="customers">{t('kind.customers')}</ToggleButton>
            <ToggleButton value="units">{t('kind.units')}</ToggleButton>
          </ToggleButtonGroup>
          {kind === 'units' ? <Typography variant="body2">{t('unitsHint')}</Typography> : null}
          <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <Button
              variant="contained"
              component="label"
              startIcon={<UploadFile />}
              disabled={check.isPending || importNow.isPending}
            >
              {t('choose')}
              <input
                ref={input}
                hidden
                type="file"
                accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                onChange={(e) => choose(e.target.files?.[0])}
              />
            </Button>
            <Button
              variant="outlined"
              startIcon={<FileDownloadOutlined />}
              disabled={downloading}
              onClick={() => void fileAction(() => downloadTemplate(kind, 'csv', t('downloadFailed')))}
            >
              {t('templateCsv')}
            </Button>
            <Button
              variant="outlined"
              startIcon={<FileDownloadOutlined />}
              disabled={downloading}
              onClick={() => void fileAction(() => downloadTemplate(kind, 'xlsx', t('downloadFailed')))}
            >
              {t('templateXlsx')}
            </Button>
          </Stack>
          {file ? <Typography variant="body2">{t('chosen', { name: file.name })}</Typography> : null}
          {check.isPending ? (
            <Stack direction="row" spacing={1} role="status" sx={{ alignItems: 'center' }}>
              <CircularProgress size={18} aria-hidden />
              <Typography variant="body2">{t('checking')}</Typography>
            </Stack>
          ) : null}
          {check.error ? <Alert severity="error">{errorMessage(check.error, t('failed'))}</Alert> : null}
        </Stack>
      </Section>

      {report ? (
        <>
          <ColumnsCard
            report={report}
            mapping={mapping}
            disabled={check.isPending}
            onChange={(header, field) => {
              const next = { ...mapping, [header]: field };
              setMapping(next);
              recheck({ mapping: next });
            }}
          />
          <RowErrorsCard
            report={report}
            downloading={downloading}
            onDownload={() => {
              const r = request();
              if (r) void fileAction(() => downloadErrorsCopy(r, t('downloadFailed')));
            }}
          />
          {report.duplicates.length > 0 ? (
            <DuplicatesCard
              report={report}
              onDuplicate={onDuplicate}
              choices={choices}
              onChangeAll={(choice) => {
                setOnDuplicate(choice);
                setChoices({});
                recheck({ onDuplicate: choice, choices: {} });
              }}
              onChangeRow={(row, choice) => {
                const next = { ...choices, [String(row)]: choice };
                setChoices(next);
                recheck({ choices: next });
              }}
            />
          ) : null}
          <Section title={t('step.import')}>
            <Typography variant="body2" sx={{ mb: 2 }}>
              {t('importHint')}
            </Typography>
            {importNow.error ? (
              <Alert severity="error" sx={{ mb: 2 }}>
                {errorMessage(importNow.error, t('importFailed'))}
              </Alert>
            ) : null}
            <Button
              variant="contained"
              disabled={!ready2 || check.isPending || importNow.isPending || !!done}
              onClick={runImport}
              startIcon={importNow.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
            >
              {importNow.isPending
                ? t('importing')
                : ready2
                  ? t('importButton', { rows: n(report.created + report.updated) })
                  : t('open')}
            </Button>
          </Section>
        </>
      ) : null}
    </Box>
  );
}
