import { Link as MuiLink, Typography } from '@mui/material';
import { Link } from 'react-router';
import { ROUTES } from '@portal/contracts';
import { DISTRICT_NAME } from '../../../lib/branding';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { InfoPage, Section } from './info-page';

/** /documentation/support: where to turn when something does not work. */
export function SupportPage() {
  useDocumentTitle('Support');
  return (
    <InfoPage title="Support" intro={`Help with the portal of the ${DISTRICT_NAME}.`}>
      <Section title="Who to ask">
        <Typography sx={{ mb: 2 }}>
          The portal is run by the district's own administrators: ask the person who created your account (an Administrator on Users
          Management). They can reset your role, landing page and facilities, and delete or recreate an account.
        </Typography>
      </Section>
      <Section title="Signing in">
        <ul>
          <li>
            <Typography component="span">
              Change your password on your{' '}
              <MuiLink component={Link} to={ROUTES.ACCOUNT_PROFILE}>
                profile
              </MuiLink>
              ; you need your current password.
            </Typography>
          </li>
          <li>
            <Typography component="span">
              After several wrong passwords the sign-in page makes you wait before the next try; waiting a few minutes is enough.
            </Typography>
          </li>
          <li>
            <Typography component="span">A change to your role or facilities shows after you sign out and in again.</Typography>
          </li>
        </ul>
      </Section>
      <Section title="Missing or wrong data">
        <Typography sx={{ mb: 2 }}>
          Tell the administrator the location, the parameter and the time you looked at. They can see each import's last runs and messages
          on Imports Configuration and run an import again.
        </Typography>
      </Section>
      <Section title="A page shows an error">
        <Typography sx={{ mb: 2 }}>
          Note the message on the page and the time, and send them with the address of the page (from the browser's address bar).
        </Typography>
      </Section>
    </InfoPage>
  );
}
