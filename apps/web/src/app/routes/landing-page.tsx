import { Box, Button, Container, Paper, Stack, Typography } from '@mui/material';
import LoginIcon from '@mui/icons-material/Login';
import PublicIcon from '@mui/icons-material/Public';
import { Link, useNavigate } from 'react-router';
import { ROUTES } from '@portal/contracts';
import { Logo, LogoMark } from '../../components/ui/logo';
import { visuallyHiddenSx } from '../../components/ui/visually-hidden';
import { WaterBackground } from '../../components/ui/water-background';
import { APP_NAME, DISTRICT_NAME, TAGLINE } from '../../lib/branding';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Footer } from '../layout/footer';

function useLoginToDashboard(): () => void {
  const { isAuthenticated } = useSession();
  const navigate = useNavigate();
  // Signed-in users are already where the button leads; others go through /login.
  return () => navigate(isAuthenticated ? ROUTES.PUBLIC_MAP : ROUTES.LOGIN);
}

/** The landing page at '/', open to everybody. */
export function LandingPage() {
  useDocumentTitle(null);
  const handleLogin = useLoginToDashboard();
  return (
    <Box sx={{ position: 'relative', minHeight: '100vh', display: 'flex', flexDirection: 'column', color: '#fff', overflow: 'hidden' }}>
      <WaterBackground />
      <Box
        component="header"
        sx={{ position: 'relative', display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: { xs: 4, md: 8 }, py: 3 }}
      >
        {/* The link's name is the portal's name; on a phone that text is hidden from the eye only. */}
        <Box component={Link} to="/" sx={{ color: 'inherit', textDecoration: 'none' }}>
          <Logo
            name={APP_NAME}
            subtitle={DISTRICT_NAME}
            size={36}
            textSx={(theme) => ({ [theme.breakpoints.down('sm')]: visuallyHiddenSx })}
          />
        </Box>
        <Button
          variant="contained"
          color="primary"
          startIcon={<LoginIcon />}
          onClick={handleLogin}
          data-testid="landing-topbar-login"
          sx={{ flexShrink: 0 }}
        >
          <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
            Log in to Dashboard
          </Box>
          <Box component="span" sx={{ display: { xs: 'inline', sm: 'none' } }}>
            Dashboard
          </Box>
        </Button>
      </Box>

      <Container
        component="main"
        maxWidth="md"
        sx={{
          position: 'relative',
          flex: 1,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          textAlign: 'center',
          py: 8,
        }}
      >
        <Box sx={{ filter: 'drop-shadow(0 8px 24px rgba(0,0,0,0.35))' }}>
          <LogoMark size={112} title={APP_NAME} />
        </Box>
        <Typography variant="h1" sx={{ mt: 4, fontSize: { xs: '1.75rem', md: '2.75rem' }, fontWeight: 800, letterSpacing: '-0.01em' }}>
          {APP_NAME}
        </Typography>
        <Typography sx={{ mt: 3, maxWidth: 620, fontSize: { xs: '1rem', md: '1.25rem' }, opacity: 0.9 }} data-testid="tagline">
          {TAGLINE}
        </Typography>

        <Paper
          component="section"
          aria-labelledby="access-platform-heading"
          elevation={0}
          sx={{
            mt: 10,
            p: { xs: 5, md: 8 },
            width: '100%',
            maxWidth: 640,
            color: '#fff',
            bgcolor: 'rgba(4, 28, 43, 0.55)',
            backdropFilter: 'blur(6px)',
            border: '1px solid rgba(255,255,255,0.18)',
          }}
        >
          <Typography id="access-platform-heading" variant="h2" sx={{ fontSize: { xs: '1.25rem', md: '1.5rem' }, mb: 6 }}>
            Access the Platform
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={6} sx={{ justifyContent: 'center' }}>
            <Stack spacing={2} sx={{ flex: 1, alignItems: 'center' }}>
              <Typography>Log in with user profile:</Typography>
              <Button
                variant="contained"
                size="large"
                startIcon={<LoginIcon />}
                onClick={handleLogin}
                data-testid="landing-access-login"
                fullWidth
              >
                Log in to Dashboard
              </Button>
            </Stack>
            <Stack spacing={2} sx={{ flex: 1, alignItems: 'center' }}>
              <Typography>View public resources:</Typography>
              <Button
                variant="outlined"
                size="large"
                startIcon={<PublicIcon />}
                component={Link}
                to={ROUTES.PUBLIC_MAP}
                fullWidth
                sx={{
                  color: '#fff',
                  borderColor: 'rgba(255,255,255,0.7)',
                  '&:hover': { borderColor: '#fff', bgcolor: 'rgba(255,255,255,0.08)' },
                }}
              >
                Public Access
              </Button>
            </Stack>
          </Stack>
        </Paper>
      </Container>

      <Box sx={{ position: 'relative' }}>
        <Footer tone="overlay" />
      </Box>
    </Box>
  );
}
