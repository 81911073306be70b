import { Box, Button, Link as MuiLink, Typography } from '@mui/material';
import TerminalIcon from '@mui/icons-material/Terminal';
import { Link } from 'react-router';
import { ROUTES } from '@portal/contracts';
import { DISTRICT_NAME } from '../../lib/branding';
import { currentYear } from '../../lib/district-zone';
import { useDeveloperTools } from './developer-tools-context';

/**
 * Footer of every page: Documentation (the portal guide, for everybody), Privacy and Terms of
 * Service, and the developer-tools opener for Developers.
 */
export function Footer({ tone = 'page' }: { tone?: 'page' | 'overlay' }) {
  const developerTools = useDeveloperTools();
  const overlay = tone === 'overlay';
  const linkSx = { color: overlay ? 'rgba(255,255,255,0.85)' : 'text.secondary', fontSize: '0.8125rem' };
  return (
    <Box
      component="footer"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 2,
        px: 6,
        py: 3,
        color: overlay ? 'rgba(255,255,255,0.85)' : 'text.secondary',
        bgcolor: overlay ? 'rgba(3, 20, 31, 0.55)' : 'background.paper',
        borderTop: overlay ? 'none' : '1px solid',
        borderColor: 'divider',
      }}
    >
      <Box component="nav" aria-label="Footer" sx={{ display: 'flex', gap: 5, alignItems: 'center' }}>
        {/* Documentation for everybody is the portal guide; it links Developers on to the developer documentation. */}
        <MuiLink component={Link} to={ROUTES.PORTAL_GUIDE} underline="hover" sx={linkSx}>
          Documentation
        </MuiLink>
        <MuiLink component={Link} to={ROUTES.PRIVACY} underline="hover" sx={linkSx}>
          Privacy
        </MuiLink>
        <MuiLink component={Link} to={ROUTES.TERMS} underline="hover" sx={linkSx}>
          Terms of Service
        </MuiLink>
        {developerTools.available ? (
          <Button
            size="small"
            startIcon={<TerminalIcon />}
            onClick={developerTools.open}
            data-testid="developer-tools-opener"
            sx={{ color: 'inherit' }}
          >
            Developer Tools
          </Button>
        ) : null}
      </Box>
      <Typography variant="body2" data-testid="copyright" sx={{ fontSize: '0.8125rem' }}>
        © {currentYear()} {DISTRICT_NAME}
      </Typography>
    </Box>
  );
}
