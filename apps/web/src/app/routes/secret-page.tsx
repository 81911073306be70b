import { Box, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import VerifiedUserOutlinedIcon from '@mui/icons-material/VerifiedUserOutlined';
import { useSession } from '../../lib/session';
import { districtTimeZone, formatTimestamp } from '../../lib/time';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PageHeader } from '../../components/ui/page-header';

/** /secret: a page any signed-in user reaches, whatever their roles; shows the session it sees. */
export function SecretPage() {
  useDocumentTitle('Secret');
  const { user, roles } = useSession();
  const expiresAt = user?.expires_at ? new Date(user.expires_at * 1000) : null;
  const minutesLeft = user?.expires_in !== undefined ? Math.max(0, Math.round(user.expires_in / 60)) : null;

  return (
    <Box sx={{ maxWidth: 760 }}>
      <PageHeader title="Authenticated area" icon={<VerifiedUserOutlinedIcon color="success" fontSize="large" aria-hidden />} spacing={6} />
      <Card>
        <CardContent sx={{ p: 6 }}>
          <Typography sx={{ mb: 4 }}>
            You are signed in as <strong data-testid="secret-user">{user?.profile.name ?? user?.profile.email ?? user?.profile.sub}</strong>
            .
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            Roles
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 4 }} data-testid="secret-roles">
            {roles.map((role) => (
              <Chip key={role} label={role} color="primary" variant="outlined" />
            ))}
          </Stack>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            Access token expires
          </Typography>
          <Typography data-testid="secret-token-expiry">
            {expiresAt
              ? `${formatTimestamp(expiresAt)} (${districtTimeZone()})${minutesLeft !== null ? `, in about ${minutesLeft} min` : ''}`
              : 'N/A'}
          </Typography>
        </CardContent>
      </Card>
    </Box>
  );
}
