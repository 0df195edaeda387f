import { Trans } from 'react-i18next';
import { NewTabLink } from './LegalLinks';

/** The line pointing to the guide on measuring windows (its path comes with the page's data). */
export function MeasuringGuideLink({ to }: { to: string | null }) {
  return to ? <Trans i18nKey="inquiry.measuringGuide" components={{ guide: <NewTabLink to={to} /> }} /> : null;
}
