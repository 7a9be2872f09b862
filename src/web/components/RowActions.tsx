/** A table row's Edit and Delete icon buttons, right-aligned, each named after the row ("Edit Chennai"). */
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';

export interface RowActionsProps {
  /** The row's name, for the buttons' accessible names. */
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}

export function RowActions({ name, onEdit, onDelete }: RowActionsProps) {
  const { t } = useTranslation('common');
  return (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
      <Tooltip title={t('edit')}>
        <IconButton aria-label={t('editNamed', { name })} size="small" onClick={onEdit}>
          <EditOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('delete')}>
        <IconButton aria-label={t('deleteNamed', { name })} size="small" color="error" onClick={onDelete}>
          <DeleteOutline fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}
