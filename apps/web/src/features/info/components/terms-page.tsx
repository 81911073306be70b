import { DISTRICT_NAME } from '../../../lib/branding';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { InfoPage, Point, Section } from './info-page';

/** /terms: the terms on which the portal's data is offered. */
export function TermsPage() {
  useDocumentTitle('Terms of Service');
  return (
    <InfoPage title="Terms of Service" intro={`The terms on which the ${DISTRICT_NAME} offers the data of this portal.`}>
      <Section title="The data">
        <ul>
          <Point>
            Readings come from the district's own instruments and from public agencies (U.S. Geological Survey, Colorado Division of Water
            Resources). Most are recorded automatically and published before anyone reviews them.
          </Point>
          <Point>
            Data marked provisional may change when the source agency reviews it. Gaps, spikes and stale stations happen; the graphs and
            tables show what was received.
          </Point>
          <Point>
            The data is offered as it is, without warranty. Do not rely on it alone for decisions about safety, flooding or emergencies:
            follow official warnings.
          </Point>
          <Point>When you publish the data, name its source (the district, or the agency the data source names).</Point>
        </ul>
      </Section>
      <Section title="Using the portal">
        <ul>
          <Point>
            Automated access is welcome within limits: the river cameras, downloads and map labels answer too-frequent requests with a
            request to wait (HTTP 429).
          </Point>
          <Point>Staff accounts are personal; do not share passwords. Administrators may change or remove accounts.</Point>
          <Point>The district may change the portal, its data and these terms.</Point>
        </ul>
      </Section>
    </InfoPage>
  );
}
