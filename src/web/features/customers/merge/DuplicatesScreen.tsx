/**
 * Customer Management's "Possible duplicates" (issue 34 item 3, ADR 038), a lazy chunk of the
 * customers page (/customers?view=duplicates): the groups the server finds (the same phone, or a
 * very similar name in one region), each with its reason. The manager chooses the customer to keep
 * and which others to merge, confirms the counts that move (MergeDialog), and gets a message with
 * Undo and a link to the customer kept. Words from the on-demand `merge` catalogue.
 */
import ArrowBack from '@mui/icons-material/ArrowBack';
import MergeType from '@mui/icons-material/MergeType';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import {
  DUPLICATES_PAGE_SIZE,
  type DuplicateGroup,
  type DuplicateMember,
  type MergeAnswer,
} from '#shared/contracts/customer-merge.ts';
import { formatPhone } from '#shared/domain/phone.ts';
import { EmptyState } from '#web/components/EmptyState.tsx';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { Loading } from '#web/components/Loading.tsx';
import { PageHeader } from '#web/components/PageHeader.tsx';
import { useFormat } from '#web/i18n/hooks.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useDuplicates } from '../api/duplicates.ts';
import { useMergeCustomers } from '../api/merge-customers.ts';
import { useUndoMerge } from '../api/undo-merge.ts';
import { MergeDialog } from './MergeDialog.tsx';

/** A control with its word under it, close to its neighbour. */
const captionSx = { mx: 0, '& .MuiFormControlLabel-label': { fontSize: '0.75rem', lineHeight: 1.2 } };

function MemberRow({
  m,
  kept,
  included,
  onKeep,
  onInclude,
  name,
}: {
  m: DuplicateMember;
  kept: boolean;
  included: boolean;
  onKeep: () => void;
  onInclude: (v: boolean) => void;
  name: string;
}) {
  const { t } = useTranslation('merge');
  const format = useFormat();
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{
        alignItems: 'flex-start',
        py: 1,
        borderTop: 1,
        borderColor: 'divider',
        '&:first-of-type': { borderTop: 0 },
      }}
    >
      {/* Each control says what it does on screen; its accessible name also names the customer. */}
      <FormControlLabel
        labelPlacement="bottom"
        label={t('keepShort')}
        sx={captionSx}
        control={
          <Radio
            checked={kept}
            onChange={onKeep}
            name={name}
            value={m.id}
            slotProps={{ input: { 'aria-label': t('keep', { name: m.name }) } }}
          />
        }
      />
      <FormControlLabel
        labelPlacement="bottom"
        label={t('merge')}
        sx={captionSx}
        control={
          <Checkbox
            checked={!kept && included}
            disabled={kept}
            onChange={(e) => onInclude(e.target.checked)}
            slotProps={{ input: { 'aria-label': t('include', { name: m.name }) } }}
          />
        }
      />
      <Box sx={{ minWidth: 0, pt: 1 }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 500 }}>
            <RouterLink to={`/customers/${m.id}`}>{m.name}</RouterLink>
          </Typography>
          {m.reasons.map((r) => (
            <Chip key={r} size="small" variant="outlined" label={t(`reason.${r}`)} />
          ))}
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {[m.region.name, ...[m.primaryPhone, ...m.phoneNumbers].map(formatPhone)].join(' · ')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
          {m.address}
        </Typography>
        <Typography variant="body2">
          {t('countsLine', {
            requests: format.number(m.counts.requests),
            units: format.number(m.counts.units),
            contracts: format.number(m.counts.contracts),
          })}
        </Typography>
      </Box>
    </Stack>
  );
}

function GroupCard({ group, onMerged }: { group: DuplicateGroup; onMerged: (a: MergeAnswer) => void }) {
  const { t } = useTranslation('merge');
  const [keptId, setKeptId] = useState(group.customers[0]?.id ?? '');
  const [left, setLeft] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const merge = useMergeCustomers({
    onSuccess: (answer) => {
      setConfirming(false);
      onMerged(answer);
    },
  });
  const survivor = group.customers.find((c) => c.id === keptId) as DuplicateMember;
  const duplicates = group.customers.filter((c) => c.id !== keptId && !left.has(c.id));
  const headingId = `dup-${group.id}`;
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent sx={{ pb: 0 }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
          <Typography id={headingId} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {t('groupOf', { name: group.customers[0]?.name })}
          </Typography>
          {group.reasons.map((r) => (
            <Chip key={r} size="small" color="primary" label={t(`reason.${r}`)} />
          ))}
        </Stack>
        <Box role="radiogroup" aria-label={t('keepLegend')}>
          {group.customers.map((m) => (
            <MemberRow
              key={m.id}
              m={m}
              name={headingId}
              kept={m.id === keptId}
              included={!left.has(m.id)}
              onKeep={() => setKeptId(m.id)}
              onInclude={(v) =>
                setLeft((prev) => {
                  const next = new Set(prev);
                  if (v) next.delete(m.id);
                  else next.add(m.id);
                  return next;
                })
              }
            />
          ))}
        </Box>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, justifyContent: 'flex-end' }}>
        <Button
          variant="contained"
          startIcon={<MergeType />}
          disabled={duplicates.length === 0}
          onClick={() => setConfirming(true)}
        >
          {t('merge')}
        </Button>
      </CardActions>
      {confirming && survivor ? (
        <MergeDialog
          survivor={survivor}
          duplicates={duplicates}
          pending={merge.isPending}
          onConfirm={() => merge.mutate({ survivorId: survivor.id, duplicateIds: duplicates.map((d) => d.id) })}
          onClose={() => setConfirming(false)}
        />
      ) : null}
    </Card>
  );
}

/** The message after a merge: what was merged into whom, with Undo and the way to the customer kept. */
function MergedNotice({ answer, onUndone }: { answer: MergeAnswer; onUndone: () => void }) {
  const { t } = useTranslation('merge');
  const format = useFormat();
  const undo = useUndoMerge({ onSuccess: onUndone });
  const n = answer.merge.merged.length;
  return (
    <Alert
      severity="success"
      sx={{ mb: 2, alignItems: 'center' }}
      action={
        <Stack direction="row" spacing={1}>
          <Button color="inherit" disabled={undo.isPending} onClick={() => undo.mutate(answer.merge.id)}>
            {t('undo')}
          </Button>
          <Button color="inherit" component={RouterLink} to={`/customers/${answer.survivor.id}`}>
            {t('openSurvivor', { name: answer.survivor.name })}
          </Button>
        </Stack>
      }
    >
      {t('done', { count: n, n: format.number(n), name: answer.survivor.name })}
    </Alert>
  );
}

export default function DuplicatesScreen() {
  const { t, ready } = useTranslation('merge');
  const { t: tc } = useTranslation('common');
  const navigate = useNavigate();
  const fmt = useFormat();
  const [page, setPage] = useState(1);
  const [merged, setMerged] = useState<MergeAnswer | null>(null);
  const duplicates = useDuplicates({ page, pageSize: DUPLICATES_PAGE_SIZE });
  if (!ready) return <Loading />;

  const back = (
    <IconButton aria-label={tc('back')} onClick={() => navigate('/customers')}>
      <ArrowBack />
    </IconButton>
  );
  const data = duplicates.data;
  return (
    <Box>
      <PageHeader
        title={t('title')}
        back={back}
        subtitle={
          <Typography variant="body2" color="text.secondary">
            {t('subtitle')}
          </Typography>
        }
        mb={3}
      />
      {merged ? <MergedNotice answer={merged} onUndone={() => setMerged(null)} /> : null}
      {duplicates.isLoading ? (
        <Loading />
      ) : duplicates.error || !data ? (
        <ErrorAlert
          message={errorMessage(duplicates.error, t('loadFailed'))}
          onRetry={() => void duplicates.refetch()}
          retrying={duplicates.isFetching}
        />
      ) : data.groups.length === 0 ? (
        <EmptyState message={t('empty')} />
      ) : (
        <Stack spacing={2}>
          {data.groups.map((g) => (
            <GroupCard key={`${g.id}:${g.customers.map((c) => c.id).join()}`} group={g} onMerged={setMerged} />
          ))}
        </Stack>
      )}
      {data && (page > 1 || data.hasMore) ? (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'flex-end', mt: 2 }}>
          <Button disabled={page === 1} onClick={() => setPage((p) => p - 1)}>
            {t('previous')}
          </Button>
          <Typography variant="body2">{t('page', { page: fmt.number(page) })}</Typography>
          <Button disabled={!data.hasMore} onClick={() => setPage((p) => p + 1)}>
            {t('next')}
          </Button>
        </Stack>
      ) : null}
    </Box>
  );
}
