import Block from '@mui/icons-material/Block';
import { StatusPage } from './StatusPage.tsx';

export default function UnauthorizedPage() {
  return (
    <StatusPage
      icon={<Block fontSize="inherit" color="error" />}
      title="Access Denied"
      message="You do not have permission to view this page."
    />
  );
}
