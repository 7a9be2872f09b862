/** The small water-drop mark shown beside the service name. */
import WaterDrop from '@mui/icons-material/WaterDrop';
import Avatar from '@mui/material/Avatar';

export function Logo({ size = 36 }: { size?: number }) {
  return (
    <Avatar
      variant="rounded"
      aria-hidden
      sx={{ width: size, height: size, bgcolor: 'primary.main', color: 'primary.contrastText' }}
    >
      <WaterDrop sx={{ fontSize: size * 0.6 }} />
    </Avatar>
  );
}
