import { Typography } from '@mui/material';
import { DISTRICT_NAME } from '../../../lib/branding';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { InfoPage, Point, Section } from './info-page';

/** /privacy: what this portal keeps about the people who use it, and why. */
export function PrivacyPage() {
  useDocumentTitle('Privacy');
  return (
    <InfoPage title="Privacy" intro={`What the water data portal of the ${DISTRICT_NAME} keeps about the people who use it.`}>
      <Section title="Visitors">
        <ul>
          <Point>
            The public map, graphs, reports and river photos need no account. The portal sets no tracking or advertising cookies and runs no
            analytics.
          </Point>
          <Point>
            Your answer to the map's disclaimer is kept in your browser for the session only; the portal's server does not record it.
          </Point>
          <Point>
            The server's log records each request (address, page, time, result) to run and protect the service; how long logs are kept is
            set by the district's administrators.
          </Point>
          <Point>
            When the district uses online basemaps, your browser fetches map tiles from the basemap's provider, whose own privacy terms
            apply to those requests.
          </Point>
        </ul>
      </Section>
      <Section title="Staff accounts">
        <ul>
          <Point>
            For each account: name, nickname, e-mail address, role, landing page and the facilities it may open. Passwords are stored only
            as an argon2id hash.
          </Point>
          <Point>Signing in sets the cookies the sign-in needs (a session of up to 14 days); signing out ends it.</Point>
          <Point>
            Changes made in the administration pages are kept in an audit log (who, when, what changed) so that mistakes can be traced and
            undone.
          </Point>
          <Point>
            Alert contacts (an e-mail address, or a phone number at a carrier's e-mail gateway) are kept to send the alerts they are
            subscribed to; each message sent is logged with its result.
          </Point>
        </ul>
      </Section>
      <Section title="Questions">
        <Typography sx={{ mb: 2 }}>Ask the district's administrators to see, correct or delete what the portal keeps about you.</Typography>
      </Section>
    </InfoPage>
  );
}
