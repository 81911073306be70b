import { Link as MuiLink, Typography } from '@mui/material';
import { Link } from 'react-router';
import { ROUTES } from '@portal/contracts';
import { APP_NAME, DISTRICT_NAME } from '../../../lib/branding';
import { useClientConfig } from '../../../lib/client-config';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { InfoPage, Section } from './info-page';

/** /about: what this portal is and what it holds. */
export function AboutPage() {
  useDocumentTitle('About');
  const { config } = useClientConfig();
  return (
    <InfoPage title="About" intro={`${APP_NAME} of the ${DISTRICT_NAME}${config ? `, version ${config.version}` : ''}.`}>
      <Section title="What the portal does">
        <Typography sx={{ mb: 2 }}>
          The portal collects the district's water-resources measurements (flows, stages, reservoir and well levels, battery voltages and
          more) from data loggers, USGS Water Services and the Colorado Division of Water Resources, and shows them as maps, graphs and
          tables.
        </Typography>
      </Section>
      <Section title="Who uses it">
        <ul>
          <li>
            <Typography component="span">
              Visitors see the public map, the report tables and the river camera pages without signing in.
            </Typography>
          </li>
          <li>
            <Typography component="span">
              Staff sign in to see private locations, the facility pages of their facilities and Query &amp; Download.
            </Typography>
          </li>
          <li>
            <Typography component="span">
              Administrators manage locations, facilities, data imports and users on the System Management and Admin pages.
            </Typography>
          </li>
        </ul>
      </Section>
      <Section title="Where the data comes from">
        <Typography sx={{ mb: 2 }}>
          Each series is imported on a schedule set on Imports Configuration; times are shown in the district's time zone
          {config ? ` (${config.districtTimeZone})` : ''}. Provisional values are marked as such in graphs and downloads.
        </Typography>
      </Section>
      <Section title="More">
        <Typography>
          <MuiLink component={Link} to={ROUTES.CHANGELOG}>
            Changelog
          </MuiLink>
          {' · '}
          <MuiLink component={Link} to={ROUTES.SUPPORT}>
            Support
          </MuiLink>
        </Typography>
      </Section>
    </InfoPage>
  );
}
