import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Suggestion, SuggestionSection } from '../../shared/api/bff';
import type { Locale } from '../../shared/locales';
import { pathTo } from '../../shared/routes';
import { loadSchema, useSearchSuggestions } from './use-search-suggestions';
import { useNavigateTo } from '../runtime/use-navigate-to';

type Option = Suggestion & { section: SuggestionSection | 'all' };

/** The order the box lists the sections in. */
const SUGGESTION_SECTIONS = ['products', 'categories', 'articles', 'faq', 'pages'] as const satisfies readonly SuggestionSection[];

/**
 * The header search: a GET form to the search page, which is all there is without JavaScript (and
 * in the server's markup, so hydration matches). Once hydrated, the input becomes a combobox with a
 * listbox of suggestions grouped by section (WAI-ARIA 1.2 combobox pattern): focus stays in the
 * input and the active option is named by aria-activedescendant. Everything typed or suggested is
 * rendered as React text, never as markup.
 */
export function SearchBox({ locale, id: formId }: { locale: Locale; id?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const navigateTo = useNavigateTo();
  const location = useLocation();
  const id = useId();
  const inputId = 'site-search';
  const listboxId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;

  const inputRef = useRef<HTMLInputElement>(null);
  const [enhanced, setEnhanced] = useState(false);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const suggestions = useSearchSuggestions(locale, query);

  useEffect(() => {
    setEnhanced(true);
    // Text typed before hydration counts.
    if (inputRef.current?.value) setQuery(inputRef.current.value);
  }, []);

  // A navigation (by a suggestion, a link or the back button) closes the list.
  const [lastKey, setLastKey] = useState(location.key);
  if (lastKey !== location.key) {
    setLastKey(location.key);
    setOpen(false);
    setActive(-1);
  }

  const data = suggestions.status === 'ready' ? suggestions.data : null;
  const groups = useMemo(() => {
    if (!data) return [];
    let index = 0;
    return SUGGESTION_SECTIONS.filter((section) => data.sections[section].length > 0).map((section) => ({
      section,
      options: data.sections[section].map((item): Option & { index: number } => ({ ...item, section, index: index++ })),
    }));
  }, [data]);
  const found = groups.reduce((n, g) => n + g.options.length, 0);
  // Nothing found: the closest spelling the site uses, leading to its search page.
  const spelling: (Option & { index: number }) | null = data?.didYouMean
    ? { id: 'did-you-mean', title: t('searchBox.didYouMean', { query: data.didYouMean.query }), path: data.didYouMean.path, section: 'all', index: found }
    : null;
  const all: (Option & { index: number }) | null = data?.query
    ? { id: 'all', title: t('searchBox.all', { query: data.query }), path: data.searchPath, section: 'all', index: found + (spelling ? 1 : 0) }
    : null;
  const options = [...groups.flatMap((g) => g.options), ...(spelling ? [spelling] : []), ...(all ? [all] : [])];
  const hasAnswer = suggestions.status === 'ready' || suggestions.status === 'error';
  const expanded = enhanced && open && query.trim().length >= 2 && hasAnswer;

  const announcement = !expanded
    ? ''
    : suggestions.status === 'error'
      ? t('searchBox.unavailable')
      : found
        ? t('searchBox.count', { count: found })
        : t('searchBox.none');

  function choose(option: Option) {
    setOpen(false);
    setActive(-1);
    setQuery('');
    if (inputRef.current) inputRef.current.value = '';
    // Suggestions come from the server: only paths on this site are followed.
    void navigateTo(option.path);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const last = options.length - 1;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (event.altKey) {
          // Alt+Down opens without moving; Alt+Up closes.
          event.preventDefault();
          setOpen(event.key === 'ArrowDown');
          if (event.key === 'ArrowUp') setActive(-1);
          return;
        }
        if (!options.length) return;
        event.preventDefault();
        if (!expanded) {
          setOpen(true);
          setActive(event.key === 'ArrowDown' ? 0 : last);
          return;
        }
        if (event.key === 'ArrowDown') setActive((i) => (i >= last ? 0 : i + 1));
        else setActive((i) => (i <= 0 ? last : i - 1));
        return;
      }
      case 'Home':
      case 'End':
        // Only while an option has visual focus; otherwise they move the text cursor.
        if (expanded && active >= 0 && options.length) {
          event.preventDefault();
          setActive(event.key === 'Home' ? 0 : last);
        }
        return;
      case 'Enter': {
        const option = expanded ? options[active] : undefined;
        if (option) {
          event.preventDefault();
          choose(option);
        }
        // Without a chosen option the form is submitted to the search page.
        return;
      }
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (event.currentTarget.value) {
          event.preventDefault();
          event.currentTarget.value = '';
          setQuery('');
        }
        return;
      case 'Tab':
        setOpen(false);
        setActive(-1);
        return;
    }
  }

  const activeOption = expanded && active >= 0 ? options[active] : undefined;

  // Keep the active option in view inside a scrolled list.
  useEffect(() => {
    if (activeOption) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  });

  return (
    <form
      id={formId}
      className="search-box"
      role="search"
      // Named, so it differs from the search and FAQ pages' own search forms.
      aria-label={t('header.search')}
      action={pathTo('search', locale)}
      method="get"
      onSubmit={(event) => {
        // Submitted without a chosen option: the search page, navigated to in the app.
        const q = (inputRef.current?.value ?? '').trim();
        event.preventDefault();
        setOpen(false);
        setActive(-1);
        void navigate(q ? `${pathTo('search', locale)}?${new URLSearchParams({ q: q.slice(0, 200) })}` : pathTo('search', locale));
      }}
    >
      <label className="visually-hidden" htmlFor={inputId}>
        {t('search.label')}
      </label>
      <div className="search-box__field">
        <input
          ref={inputRef}
          id={inputId}
          type="search"
          name="q"
          placeholder={t('search.placeholder')}
          autoComplete="off"
          maxLength={200}
          {...(enhanced
            ? {
                role: 'combobox',
                'aria-autocomplete': 'list' as const,
                'aria-expanded': expanded,
                'aria-controls': listboxId,
                'aria-activedescendant': activeOption ? optionId(active) : undefined,
              }
            : {})}
          onInput={(event) => {
            setQuery(event.currentTarget.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => {
            setOpen(true);
            // The answers' schema is fetched while the visitor starts typing, not with the page.
            void loadSchema();
          }}
          onBlur={() => {
            setOpen(false);
            setActive(-1);
          }}
        />
        {enhanced ? (
          <div id={listboxId} role="listbox" aria-label={t('searchBox.listLabel')} className="search-box__list" hidden={!expanded || !options.length}>
            {groups.map((group) => (
              <div key={group.section} role="group" aria-labelledby={`${id}-group-${group.section}`} className="search-box__group">
                <div role="presentation" id={`${id}-group-${group.section}`} className="search-box__group-label">
                  {t(`search.${group.section}`)}
                </div>
                {group.options.map((option) => (
                  <OptionRow
                    key={option.id}
                    id={optionId(option.index)}
                    option={option}
                    active={active === option.index}
                    onChoose={choose}
                    onHover={() => setActive(option.index)}
                  />
                ))}
              </div>
            ))}
            {[spelling, all].map((option) =>
              option ? (
                <OptionRow
                  key={option.id}
                  id={optionId(option.index)}
                  option={option}
                  active={active === option.index}
                  onChoose={choose}
                  onHover={() => setActive(option.index)}
                  className="search-box__all"
                />
              ) : null,
            )}
          </div>
        ) : null}
      </div>
      <button type="submit">{t('search.submit')}</button>
      <div role="status" className="visually-hidden">
        {announcement}
      </div>
    </form>
  );
}

function OptionRow(props: { id: string; option: Option; active: boolean; onChoose(option: Option): void; onHover(): void; className?: string }) {
  const { id, option, active, onChoose, onHover, className } = props;
  // The combobox's keys are the input's (aria-activedescendant): an option takes no focus and no key.
  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/interactive-supports-focus
    <div
      id={id}
      role="option"
      aria-selected={active}
      className={`search-box__option${active ? ' search-box__option--active' : ''}${className ? ` ${className}` : ''}`}
      // Keeps focus in the input, so the blur does not close the list before the click lands.
      onMouseDown={(event) => event.preventDefault()}
      onMouseMove={active ? undefined : onHover}
      onClick={() => onChoose(option)}
    >
      {option.title}
    </div>
  );
}
