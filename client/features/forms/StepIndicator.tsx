import { useTranslation } from 'react-i18next';

/**
 * Where the visitor is in a multi-step form: "Step 2 of 4" in words, and the steps by name with the
 * current one marked (aria-current="step") and the ones behind marked as completed.
 */
export function StepIndicator({ names, current }: { names: readonly string[]; current: number }) {
  const { t } = useTranslation();
  return (
    <div className="steps">
      <p className="steps__count">{t('inquiry.stepCount', { current: current + 1, total: names.length })}</p>
      <ol className="steps__list">
        {names.map((name, index) => {
          const state = index < current ? 'done' : index === current ? 'current' : 'next';
          return (
            <li key={name} className={`steps__item steps__item--${state}`} aria-current={state === 'current' ? 'step' : undefined}>
              <span className="steps__marker" aria-hidden="true">
                {state === 'done' ? '✓' : index + 1}
              </span>
              <span className="steps__name">
                {name}
                {state === 'done' ? <span className="visually-hidden"> {t('inquiry.completed')}</span> : null}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
