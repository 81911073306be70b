import { Alert, Box, Breadcrumbs, CircularProgress, Link as MuiLink, Paper, Typography } from '@mui/material';
import { Link } from 'react-router';
import { ROUTES } from '@portal/contracts';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useIgnitionDemo } from '../api/ignition-demo';
import { ScadaIllustration } from './scada-illustration';
import { PageHeader } from '../../../components/ui/page-header';

/** /admin/ignition-demo: a breadcrumb to the dashboard and an image link to the SCADA site. */
export function IgnitionDemoPage() {
  useDocumentTitle('Ignition Demo');
  const demo = useIgnitionDemo();
  const url = demo.data?.scada_url ?? null;
  return (
    <Box sx={{ maxWidth: 960 }}>
      <PageHeader
        title="Ignition Demo"
        description="The district's SCADA system (Ignition) runs the pumps and gates in real time; this portal shows the data it logs."
        before={
          <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: 2 }}>
            <MuiLink component={Link} to={ROUTES.PUBLIC_MAP} underline="hover" color="inherit">
              Dashboard
            </MuiLink>
            <Typography color="text.primary">Ignition Demo</Typography>
          </Breadcrumbs>
        }
      />
      {demo.isPending ? <CircularProgress aria-label="Loading" /> : null}
      {demo.error ? <Alert severity="error">An error has occurred: {demo.error.message}</Alert> : null}
      {demo.data && !url ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          No SCADA site is configured. An administrator sets its address with the SCADA_URL setting.
        </Alert>
      ) : null}
      {demo.data ? (
        <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
          {url ? (
            <MuiLink
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              aria-label="Open the SCADA site in a new tab"
              data-testid="scada-link"
            >
              <ScadaIllustration />
            </MuiLink>
          ) : (
            <ScadaIllustration />
          )}
          {url ? (
            <Typography variant="body2" sx={{ p: 1.5 }}>
              Opens {url} in a new tab.
            </Typography>
          ) : null}
        </Paper>
      ) : null}
    </Box>
  );
}
