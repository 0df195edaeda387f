import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '../../runtime/use-hydrated';
import { describedBy, FieldError } from './fields';
import { addTag, canAddTag, filterOptions, labelOf, toggleValue, withOwnEntries, type SelectOption } from './multi-select-logic';

type Item = { kind: 'option'; option: SelectOption } | { kind: 'add'; text: string };

export interface MultiSelectProps {
  form: string;
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  options: readonly SelectOption[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  error?: string;
  /** The longest own entry. */
  maxLength: number;
}

/**
 * A multi-select with own entries (reference-behaviours: multiple, taggable, stays open after a
 * choice, option title as label and value as key, a checkbox with title and help text per option,
 * at most 1000 options, a list at most 300 px high, case-insensitive substring search).
 *
 * On the server and before hydration it is a group of real checkboxes plus a text input for an own
 * entry, all named like the field, which is also all there is without JavaScript. In the browser it
 * becomes a WAI-ARIA 1.2 combobox: focus stays in the text input, the list is a multi-selectable
 * listbox whose active option is named by aria-activedescendant, and the chosen values are chips
 * with a remove button. The chosen values travel as hidden inputs, so the form posts the same body.
 */
export function MultiSelect(props: MultiSelectProps) {
  return useHydrated() ? <Combobox {...props} /> : <CheckboxGroup {...props} />;
}

function CheckboxGroup({ form, name, label, hint, options, value, error, maxLength }: MultiSelectProps) {
  const { t } = useTranslation();
  const id = `${form}-${name}`;
  return (
    <fieldset
      id={id}
      className="field multi-select multi-select--plain"
      aria-describedby={describedBy(hint !== undefined && `${id}-hint`, error && `${id}-error`)}
    >
      <legend>{label}</legend>
      {hint !== undefined ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <div className="check-list">
        {withOwnEntries(options, value).map((option, index) => (
          <label className="check-option" key={option.value}>
            <input type="checkbox" name={name} value={option.value} defaultChecked={value.includes(option.value)} data-field={index === 0 ? name : undefined} />
            <OptionText option={option} />
          </label>
        ))}
      </div>
      <div className="field">
        <label htmlFor={`${id}-own`}>{t('form.multiSelect.own')}</label>
        <input id={`${id}-own`} name={name} type="text" maxLength={maxLength} autoComplete="off" />
      </div>
      {error ? <FieldError id={`${id}-error`} message={error} /> : null}
    </fieldset>
  );
}

function OptionText({ option }: { option: SelectOption }) {
  return (
    <span className="check-option__text">
      <span className="check-option__title">{option.label}</span>
      {option.hint ? <span className="check-option__hint">{option.hint}</span> : null}
    </span>
  );
}

function Combobox({ form, name, label, hint, options, value, onChange, onBlur, inputRef, error, maxLength }: MultiSelectProps) {
  const { t } = useTranslation();
  const id = `${form}-${name}`;
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const rootRef = useRef<HTMLDivElement>(null);
  const ownInput = useRef<HTMLInputElement | null>(null);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(-1);
  const [announcement, setAnnouncement] = useState('');

  const all = withOwnEntries(options, value);
  const items: Item[] = filterOptions(all, query).map((option): Item => ({ kind: 'option', option }));
  if (canAddTag(options, value, query)) items.push({ kind: 'add', text: query.trim() });
  const activeItem = open && active >= 0 ? items[active] : undefined;

  // Keep the active option in view inside the scrolled list.
  useEffect(() => {
    if (activeItem) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  });

  function setInputRef(element: HTMLInputElement | null) {
    ownInput.current = element;
    if (typeof inputRef === 'function') inputRef(element);
    else if (inputRef) (inputRef as React.RefObject<HTMLInputElement | null>).current = element;
  }

  /** Ticks or unticks an option, or adds the typed entry; the list stays open on the same option. */
  function choose(item: Item) {
    let next: string[];
    let chosen: string;
    if (item.kind === 'add') {
      const result = addTag(options, value, item.text, { maxLength });
      if (!result.added) return;
      next = result.values;
      chosen = result.added;
      setAnnouncement(t('form.multiSelect.added', { value: labelOf(options, chosen) }));
    } else {
      chosen = item.option.value;
      next = toggleValue(value, chosen);
      setAnnouncement(t(next.includes(chosen) ? 'form.multiSelect.added' : 'form.multiSelect.removed', { value: item.option.label }));
    }
    onChange(next);
    setQuery('');
    setOpen(true);
    setActive(withOwnEntries(options, next).findIndex((o) => o.value === chosen));
  }

  function remove(chosen: string) {
    onChange(value.filter((v) => v !== chosen));
    setAnnouncement(t('form.multiSelect.removed', { value: labelOf(options, chosen) }));
    ownInput.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const last = items.length - 1;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        if (event.altKey) {
          setOpen(event.key === 'ArrowDown');
          return;
        }
        if (!open) {
          setOpen(true);
          setActive(event.key === 'ArrowDown' ? 0 : last);
          return;
        }
        if (event.key === 'ArrowDown') setActive((i) => (i >= last ? 0 : i + 1));
        else setActive((i) => (i <= 0 ? last : i - 1));
        return;
      case 'Home':
      case 'End':
        // Only while an option is active; otherwise they move the text cursor.
        if (activeItem) {
          event.preventDefault();
          setActive(event.key === 'Home' ? 0 : last);
        }
        return;
      case 'Enter':
        // Never submits the form from here: Enter chooses, or adds what was typed.
        if (activeItem) {
          event.preventDefault();
          choose(activeItem);
        } else if (query.trim()) {
          event.preventDefault();
          const match = items.find((item) => item.kind === 'add') ?? items[0];
          if (match) choose(match);
        }
        return;
      case ' ':
        // Space ticks the active option; without one it is a space in the typed text.
        if (activeItem && activeItem.kind === 'option') {
          event.preventDefault();
          choose(activeItem);
        }
        return;
      case 'Escape':
        if (open) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (query) {
          event.preventDefault();
          setQuery('');
        }
        return;
      case 'Backspace': {
        // An empty input: the last choice goes, as in the reference multi-select.
        const lastValue = value[value.length - 1];
        if (!query && lastValue !== undefined) {
          event.preventDefault();
          remove(lastValue);
        }
        return;
      }
      case 'Tab':
        setOpen(false);
        setActive(-1);
        return;
    }
  }

  function onRootBlur(event: FocusEvent<HTMLDivElement>) {
    if (rootRef.current?.contains(event.relatedTarget as Node | null)) return;
    setOpen(false);
    setActive(-1);
    onBlur?.();
  }

  const expanded = open && items.length > 0;
  return (
    <div className="field multi-select" ref={rootRef} onBlur={onRootBlur}>
      <label htmlFor={id} id={`${id}-label`}>
        {label}
      </label>
      {hint !== undefined ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <p className="visually-hidden" id={`${id}-instructions`}>
        {t('form.multiSelect.instructions')}
      </p>
      <div className="multi-select__control">
        <input
          ref={setInputRef}
          id={id}
          data-field={name}
          type="text"
          role="combobox"
          autoComplete="off"
          maxLength={maxLength}
          placeholder={t('form.multiSelect.placeholder')}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={activeItem ? optionId(active) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(hint !== undefined && `${id}-hint`, `${id}-instructions`, error && `${id}-error`)}
          value={query}
          onChange={(event) => {
            setQuery(event.currentTarget.value);
            setOpen(true);
            setActive(event.currentTarget.value.trim() ? 0 : -1);
          }}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
        />
        <button
          type="button"
          className="multi-select__toggle"
          tabIndex={-1}
          aria-label={t('form.multiSelect.toggle')}
          aria-expanded={expanded}
          aria-controls={listId}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            setOpen((o) => !o);
            ownInput.current?.focus();
          }}
        >
          <span aria-hidden="true" className="multi-select__caret" />
        </button>
        <ul id={listId} role="listbox" aria-multiselectable="true" aria-labelledby={`${id}-label`} className="multi-select__list" hidden={!expanded}>
          {items.map((item, index) => {
            const selected = item.kind === 'option' && value.includes(item.option.value);
            // The combobox's keys are the input's (aria-activedescendant): an option takes no key.
            return (
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events
              <li
                key={item.kind === 'add' ? '+add' : item.option.value}
                id={optionId(index)}
                role="option"
                aria-selected={selected}
                className={`multi-select__option${index === active ? ' multi-select__option--active' : ''}${item.kind === 'add' ? ' multi-select__option--add' : ''}`}
                // Keeps focus in the input, so the blur does not close the list before the click lands.
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={index === active ? undefined : () => setActive(index)}
                onClick={() => choose(item)}
              >
                <span className={`multi-select__check${selected ? ' multi-select__check--on' : ''}`} aria-hidden="true" />
                {item.kind === 'add' ? (
                  <span className="check-option__title">{t('form.multiSelect.add', { value: item.text })}</span>
                ) : (
                  <OptionText option={item.option} />
                )}
              </li>
            );
          })}
        </ul>
        {open && items.length === 0 ? <p className="multi-select__empty">{t('form.multiSelect.noMatches')}</p> : null}
      </div>
      {value.length ? (
        <ul className="multi-select__chips" aria-label={t('form.multiSelect.selected')}>
          {value.map((chosen) => (
            <li key={chosen} className="chip">
              <span>{labelOf(options, chosen)}</span>
              <button
                type="button"
                className="chip__remove"
                aria-label={t('form.multiSelect.remove', { value: labelOf(options, chosen) })}
                onClick={() => remove(chosen)}
              >
                <span aria-hidden="true">×</span>
              </button>
              <input type="hidden" name={name} value={chosen} />
            </li>
          ))}
        </ul>
      ) : null}
      {error ? <FieldError id={`${id}-error`} message={error} /> : null}
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
    </div>
  );
}
