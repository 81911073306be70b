import type { ReactNode } from 'react';
import { Alert, Avatar, Box, Button, Card, CardContent, Chip, Divider, Skeleton, Stack, Typography } from '@mui/material';
import LogoutIcon from '@mui/icons-material/Logout';
import { Link } from 'react-router';
import { ROUTES } from '@portal/contracts';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCurrentUser } from '../../features/auth/api/get-current-user';
import { ChangePasswordForm } from '../../features/users-management/components/change-password-form';
import { PageHeader } from '../../components/ui/page-header';

function Field({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' }, gap: 1, py: 2 }}>
      <Typography color="text.secondary">{label}</Typography>
      <Box data-testid={testId}>{value}</Box>
    </Box>
  );
}

/** /account/profile: who the API thinks the user is (GET /api/auth/me), with a sign-out button. */
export function ProfilePage() {
  useDocumentTitle('Profile');
  const { user, roles } = useSession();
  const me = useCurrentUser();
  const profile = user?.profile;
  const pending = me.isPending ? <Skeleton width={180} /> : null;
  const name = me.data?.name ?? profile?.name ?? 'N/A';
  const shownRoles = me.data?.roles ?? roles;

  return (
    <Box sx={{ maxWidth: 760 }}>
      <PageHeader title="Profile" spacing={6} />
      {me.error ? (
        <Alert severity="error" sx={{ mb: 4 }}>
          {`An error has occurred: ${me.error.message}`}
        </Alert>
      ) : null}
      <Card>
        <CardContent sx={{ p: 6 }}>
          <Stack direction="row" spacing={4} sx={{ alignItems: 'center', mb: 4 }}>
            <Avatar src={profile?.picture} sx={{ width: 56, height: 56, bgcolor: 'primary.main' }}>
              {name.slice(0, 1).toUpperCase()}
            </Avatar>
            <Box>
              <Typography variant="h4" component="h2">
                {name}
              </Typography>
              <Typography color="text.secondary">{me.data?.email ?? profile?.email ?? ''}</Typography>
            </Box>
          </Stack>
          <Divider />
          <Field label="Name" testId="profile-name" value={pending ?? name} />
          <Field label="Nickname" testId="profile-nickname" value={pending ?? me.data?.nickname ?? profile?.nickname ?? 'N/A'} />
          <Field label="E-mail" testId="profile-email" value={pending ?? me.data?.email ?? profile?.email ?? 'N/A'} />
          <Field
            label="Roles"
            testId="profile-roles"
            value={
              shownRoles.length ? (
                <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                  {shownRoles.map((role) => (
                    <Chip key={role} size="small" label={role} />
                  ))}
                </Stack>
              ) : (
                'No roles assigned'
              )
            }
          />
          <Field label="Landing page" testId="profile-landing-page" value={pending ?? me.data?.landingPagePath ?? 'N/A'} />
          <Divider sx={{ mb: 4 }} />
          <Button variant="outlined" color="error" startIcon={<LogoutIcon />} component={Link} to={ROUTES.LOGOUT}>
            Sign out
          </Button>
        </CardContent>
      </Card>
      <Card sx={{ mt: 4 }}>
        <CardContent sx={{ p: 6 }}>
          <ChangePasswordForm />
        </CardContent>
      </Card>
    </Box>
  );
}
