/** The details page's "Approval History": each approval, rejection and acknowledgement, oldest first. */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { RequestDetails } from '#shared/contracts/service-requests.ts';
import { useFormat, useRoleName } from '#web/i18n/hooks.ts';
import { Section } from './DetailsSection.tsx';

/** The decision's chip: an acknowledgement, a withdrawn approval, or the entry's status. */
function decisionKey(h: RequestDetails['approvalHistory'][number]): string {
  return h.stage === 'ACKNOWLEDGE' ? 'ACKNOWLEDGED' : h.status;
}

export function ApprovalHistory({ entries }: { entries: RequestDetails['approvalHistory'] }) {
  const { t } = useTranslation('requests');
  const roleName = useRoleName();
  const format = useFormat();
  return (
    <Section title={t('history.title')}>
      {entries.length === 0 ? (
        <Typography color="text.secondary">{t('history.empty')}</Typography>
      ) : (
        <Stack divider={<Divider flexItem />} spacing={1.5}>
          {entries.map((h) => (
            <Box key={h.id}>
              <Stack
                direction="row"
                useFlexGap
                sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1, rowGap: 0.5 }}
              >
                <Typography sx={{ fontWeight: 600 }}>{h.approver.name}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {roleName(h.approverRole)}
                </Typography>
                <Chip
                  size="small"
                  label={t(`history.${decisionKey(h)}`, { defaultValue: decisionKey(h) })}
                  color={h.status === 'APPROVED' ? 'success' : h.status === 'RESET' ? 'default' : 'error'}
                />
                <Chip
                  size="small"
                  variant="outlined"
                  label={t(`history.stage.${h.stage}`, { defaultValue: h.stage })}
                />
              </Stack>
              {h.comments ? <Typography sx={{ mt: 0.5 }}>{h.comments}</Typography> : null}
              <Typography variant="caption" color="text.secondary">
                {format.dateTime(h.approvedAt)}
              </Typography>
            </Box>
          ))}
        </Stack>
      )}
    </Section>
  );
}
