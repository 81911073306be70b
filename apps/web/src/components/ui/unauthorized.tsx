import { Box, Button, Paper, Typography } from '@mui/material';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { useLocation, useNavigate } from 'react-router';

/** The Unauthorized screen: heading, current path, message, back button. */
export function Unauthorized() {
  const location = useLocation();
  const navigate = useNavigate();

  function handleBack() {
    // React Router numbers its history entries; at 0 there is nothing of ours to go back to.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate('/', { replace: true });
  }

  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 12, px: 4 }}>
      <Paper variant="outlined" sx={{ p: 8, maxWidth: 520, textAlign: 'center' }} data-testid="unauthorized">
        <LockOutlinedIcon color="warning" sx={{ fontSize: 48 }} aria-hidden />
        <Typography variant="h1" component="h1" sx={{ mt: 2, mb: 2 }}>
          Unauthorized
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="unauthorized-path" sx={{ fontFamily: 'monospace', mb: 3 }}>
          {location.pathname}
        </Typography>
        <Typography sx={{ mb: 6 }}>You do not have permission to access this resource.</Typography>
        <Button variant="contained" onClick={handleBack}>
          Back to Previous Page
        </Button>
      </Paper>
    </Box>
  );
}
