import { Alert } from '@mui/material';
import { useSession } from '../../../lib/session';
import { PageHeader } from '../../../components/ui/page-header';

interface Props {
  title: string;
  description: string;
}

/** Title, one line on what the table shows, and who sees which stations (decision 0009). */
export function ReportPageHeader({ title, description }: Props) {
  const { flags } = useSession();
  return (
    <PageHeader title={title} description={description}>
      {flags.isStaff ? null : (
        <Alert severity="info" sx={{ mt: 2 }} data-testid="public-stations-note">
          Showing public stations. Staff who sign in also see the district&apos;s private stations.
        </Alert>
      )}
    </PageHeader>
  );
}
