import SearchOff from '@mui/icons-material/SearchOff';
import { StatusPage } from './StatusPage.tsx';

export default function NotFoundPage() {
  return (
    <StatusPage
      icon={<SearchOff fontSize="inherit" />}
      title="404 - Page Not Found"
      message="The page you are looking for does not exist or has been moved."
    />
  );
}
