import { Alert, Box, Card, CardContent, Chip, Link as MuiLink, Skeleton, Stack, Typography } from '@mui/material';
import { Link } from 'react-router';
import { facilityPagePath, ROUTES } from '@portal/contracts';
import { useDisplayListFacilities } from '../../api/facilities/get-display-list-facilities';
import { useCanOpenPage } from '../../lib/page-access';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCurrentUser } from '../../features/auth/api/get-current-user';
import { PageHeader } from '../../components/ui/page-header';
import { ApiKeysSection } from '../../features/api-keys/components/api-keys-section';

/** /account ("Your Account"): what this portal lets the signed-in user do, and where to change it. */
export function AccountPage() {
  useDocumentTitle('Your Account');
  const { roles, user } = useSession();
  const me = useCurrentUser();
  const sub = user?.profile.sub;
  const hasPages = useCanOpenPage()(ROUTES.FACILITY_DETAILS);
  // The sidebar's facility list: one request for both.
  const facilities = useDisplayListFacilities(sub, hasPages);
  const shownRoles = me.data?.roles ?? roles;

  return (
    <Box sx={{ maxWidth: 760 }}>
      <PageHeader
        title="Your Account"
        description={
          <>
            What you can open in this portal. Your name, e-mail and password are on your{' '}
            <MuiLink component={Link} to={ROUTES.ACCOUNT_PROFILE}>
              profile
            </MuiLink>
            .
          </>
        }
        spacing={4}
      />
      {me.error ? <Alert severity="error" sx={{ mb: 3 }}>{`An error has occurred: ${me.error.message}`}</Alert> : null}
      <Card>
        <CardContent sx={{ p: { xs: 3, md: 5 } }}>
          <Typography variant="h6" component="h2">
            Role
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1, mb: 3 }} data-testid="account-roles">
            {shownRoles.length ? (
              shownRoles.map((r) => <Chip key={r} size="small" label={r} />)
            ) : (
              <Typography>No role: ask an administrator for one.</Typography>
            )}
          </Stack>
          <Typography variant="h6" component="h2">
            Landing page
          </Typography>
          <Typography sx={{ mt: 1, mb: 3 }} data-testid="account-landing-page">
            {me.isPending ? <Skeleton width={160} /> : (me.data?.landingPagePath ?? 'The public map')}
          </Typography>
          <Typography variant="h6" component="h2">
            Facilities
          </Typography>
          {!hasPages ? (
            <Typography sx={{ mt: 1 }}>Your role has no facility pages.</Typography>
          ) : facilities.isPending ? (
            <Skeleton width={220} />
          ) : (facilities.data ?? []).length ? (
            <Box component="ul" sx={{ mt: 1, mb: 0 }} data-testid="account-facilities">
              {(facilities.data ?? []).map((f) => (
                <li key={f.facility_ndx}>
                  <MuiLink component={Link} to={facilityPagePath(f.facility_ndx)}>
                    {f.facility_name}
                  </MuiLink>{' '}
                  <Typography component="span" color="text.secondary" variant="body2">
                    {f.facility_type_desc}
                  </Typography>
                </li>
              ))}
            </Box>
          ) : (
            <Typography sx={{ mt: 1 }}>No facilities yet: an administrator assigns them on Users Management.</Typography>
          )}
          <Typography color="text.secondary" variant="body2" sx={{ mt: 3 }}>
            Changes an administrator makes to your role, landing page or facilities apply when you next sign in.
          </Typography>
        </CardContent>
      </Card>
      <ApiKeysSection />
    </Box>
  );
}
