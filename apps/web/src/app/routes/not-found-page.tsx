import { Box, Button, Typography } from '@mui/material';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Any path the page table does not know. */
export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <Box data-testid="not-found" sx={{ textAlign: 'center', py: { xs: 12, md: 20 }, px: 4 }}>
      <Typography
        variant="h1"
        component="p"
        aria-hidden
        sx={{ fontSize: { xs: '4rem', md: '6rem' }, fontWeight: 800, color: 'primary.main', lineHeight: 1 }}
      >
        404
      </Typography>
      <Typography variant="h2" component="h1" sx={{ mt: 4, mb: 2 }}>
        Page not found.
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 8 }}>
        The page you are looking for might have been removed or is not available yet.
      </Typography>
      <Button component={Link} to="/" variant="contained">
        Back to home
      </Button>
    </Box>
  );
}
