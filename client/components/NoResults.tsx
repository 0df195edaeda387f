import type { ReactNode } from 'react';
import { useLayout } from '../layout/use-layout';
import { useTranslation } from 'react-i18next';
import { marketPhone } from '../../shared/showrooms';
import { pathTo } from '../../shared/routes';
import { Link } from './Link';
import { PhoneLink } from './PhoneLink';

/**
 * What a search that found nothing offers besides saying so: the closest spelling the site uses
 * ("did you mean"), the inquiry form, the phone and the FAQ (`faq`: a link to it, or on the FAQ page
 * the way back to every question).
 */
export function NoResults({
  suggestion,
  onSuggestion,
  faq,
}: {
  suggestion: { query: string; path: string } | null;
  onSuggestion?: () => void;
  faq: ReactNode;
}) {
  const { t } = useTranslation();
  const { settings, locale } = useLayout();
  return (
    <div className="no-results">
      {suggestion ? (
        <p className="no-results__spelling">
          {t('noResults.didYouMean')}{' '}
          <Link to={suggestion.path} onClick={onSuggestion}>
            {suggestion.query}
          </Link>
          ?
        </p>
      ) : null}
      <p>{t('noResults.help')}</p>
      <ul className="no-results__offers">
        <li>
          <Link to={pathTo('inquiry', locale)}>{t('noResults.inquiry')}</Link>
        </li>
        <li>
          {t('noResults.call')} <PhoneLink phone={marketPhone(settings, locale)} />
        </li>
        <li>{faq}</li>
      </ul>
    </div>
  );
}
