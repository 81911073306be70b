import { lazy, Suspense } from 'react';
import { Box, Typography } from '@mui/material';
import { Link } from 'react-router';
import { ROUTES } from '@portal/contracts';
import { DISTRICT_NAME } from '../../lib/branding';
import { currentYear } from '../../lib/district-zone';
import { useDeveloperTools } from './developer-tools-context';

// Only Developers have the button: it loads with their session.
const DeveloperToolsOpener = lazy(async () => ({ default: (await import('./developer-tools-opener')).DeveloperToolsOpener }));

/**
 * Footer of every page: Documentation (the portal guide, for everybody), Privacy and Terms of
 * Service, and the developer-tools opener for Developers.
 */
export function Footer({ tone = 'page' }: { tone?: 'page' | 'overlay' }) {
  const developerTools = useDeveloperTools();
  const overlay = tone === 'overlay';
  // Plain links underlined on hover (MUI's Link would add its weight to every page's first load for three anchors).
  const linkSx = {
    color: overlay ? 'rgba(255,255,255,0.85)' : 'text.secondary',
    fontSize: '0.8125rem',
    textDecoration: 'none',
    '&:hover': { textDecoration: 'underline' },
  };
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
        <Box component={Link} to={ROUTES.PORTAL_GUIDE} sx={linkSx}>
          Documentation
        </Box>
        <Box component={Link} to={ROUTES.PRIVACY} sx={linkSx}>
          Privacy
        </Box>
        <Box component={Link} to={ROUTES.TERMS} sx={linkSx}>
          Terms of Service
        </Box>
        {developerTools.available ? (
          <Suspense fallback={null}>
            <DeveloperToolsOpener onOpen={developerTools.open} />
          </Suspense>
        ) : null}
      </Box>
      <Typography variant="body2" data-testid="copyright" sx={{ fontSize: '0.8125rem' }}>
        © {currentYear()} {DISTRICT_NAME}
      </Typography>
    </Box>
  );
}
