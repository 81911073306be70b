import { Link as MuiLink, Typography } from '@mui/material';
import { useClientConfig } from '../../../lib/client-config';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { InfoPage, Section } from './info-page';

const code = { fontFamily: 'monospace', fontSize: '0.9em' };

/** /documentation (Developer only): how the portal's API and data are organised. */
export function DocumentationPage() {
  useDocumentTitle('Documentation');
  const { config } = useClientConfig();
  return (
    <InfoPage title="Documentation" intro="For developers working with the portal's API and data.">
      <Section title="API">
        <Typography sx={{ mb: 2 }}>
          Every endpoint is described in the interactive OpenAPI reference at{' '}
          <MuiLink href="/api/docs" target="_blank" rel="noopener">
            /api/docs
          </MuiLink>
          . Calls carry a bearer access token from the identity provider{config ? ` (${config.oidcAuthority})` : ''}; the token's{' '}
          <span style={code}>{config?.rolesClaim ?? 'roles'}</span> claim holds the role names Administrator, Developer, User and All Data
          User. Errors always answer <span style={code}>{'{ error, message }'}</span>.
        </Typography>
      </Section>
      <Section title="Who reads what">
        <Typography sx={{ mb: 2 }}>
          Anonymous callers read public locations; any staff role adds private ones; a User reads the data of the facilities they are
          authorised for; Administrator, Developer and All Data User read all facilities. Administrator and Developer manage system
          settings.
        </Typography>
      </Section>
      <Section title="Data model">
        <ul>
          <li>
            <Typography component="span">
              <b>Locations</b> are measuring points with coordinates; <b>facilities</b> group locations (Facilities to Locations).
            </Typography>
          </li>
          <li>
            <Typography component="span">
              <b>Observations</b> are values of a parameter at a location at a time; daily means are kept beside them in the district's
              calendar days.
            </Typography>
          </li>
          <li>
            <Typography component="span">
              <b>Import sources</b> say where a series comes from and how often it is fetched; each run is recorded with its counts and
              message.
            </Typography>
          </li>
          <li>
            <Typography component="span">
              Every administrative change is written to an audit log with who made it, and the record before and after.
            </Typography>
          </li>
        </ul>
      </Section>
      <Section title="Health">
        <Typography sx={{ mb: 2 }}>
          <span style={code}>/healthz</span> answers while the server runs, <span style={code}>/readyz</span> while it can reach its
          database, and <span style={code}>/metrics</span> serves Prometheus metrics.
        </Typography>
      </Section>
    </InfoPage>
  );
}
