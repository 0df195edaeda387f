import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from '../../components/Link';
import { useTranslation } from 'react-i18next';
import { Honeypot } from './Honeypot';
import { GUARD_FIELDS } from '../../../shared/forms/guard';
import { useLayout } from '../../layout/use-layout';
import { useMessageParams } from './messages';

/**
 * The parts every public form shares around its fields: the list of what the server found wrong,
 * a problem with the whole form, the fields only machines see, and the thank-you that replaces the
 * form after a success.
 */

/**
 * After a post the server refused: every wrong field on screen, each a link to it. Without
 * JavaScript the answer is a new page that starts at the top, and the fields may be far below.
 */
export function ErrorSummary({ form, errors, label }: { form: string; errors: [string, string][]; label: (name: string) => string }) {
  const { t } = useTranslation();
  const messageParams = useMessageParams();
  if (!errors.length) return null;
  return (
    <div className="form-message form-message--error error-summary" role="alert">
      <p>{t('form.errorSummary')}</p>
      <ul>
        {errors.map(([name, message]) => (
          <li key={name}>
            <a href={`#${form}-${name}`}>
              {label(name)}: {t(message, messageParams(message))}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function FormError({ message, params }: { message: string | undefined; params?: { count: number } }) {
  const { t } = useTranslation();
  if (!message) return null;
  return (
    <p className="form-message form-message--error" role="alert">
      {t(message, params)}
    </p>
  );
}

/**
 * The honeypot, the id of this filling-in (empty until the page runs: the server then derives one)
 * and the time token of the form's opening (the page's, or `formToken`: the one the form's first step
 * was opened with, carried through its steps without JavaScript).
 */
export function HiddenFields({ submissionId, formToken }: { submissionId: string; formToken?: string }) {
  const { formToken: pageToken } = useLayout();
  return (
    <>
      <Honeypot />
      <input type="hidden" name="submissionId" value={submissionId} />
      <input type="hidden" name={GUARD_FIELDS.token} value={formToken ?? pageToken} />
    </>
  );
}

/** The honeypot's value: a person leaves it empty, a bot that fills every input does not. */
export function honeypotValue(form: HTMLFormElement | null): string {
  const value = form ? new FormData(form).get(GUARD_FIELDS.honeypot) : null;
  return typeof value === 'string' ? value : '';
}

/**
 * The thank-you after a success. When it replaces a form the visitor just sent (not on a fresh page
 * load), focus moves to its heading, so a screen reader reads it and the keyboard continues from it.
 */
export function ThankYou({ title, text, again, focus }: { title: string; text: string; again?: { label: string; to: string }; focus: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  return (
    <div className="form-done" role="status">
      <h2 ref={heading} tabIndex={-1}>
        {title}
      </h2>
      <p>{text}</p>
      {again ? (
        <p>
          <Link className="button button--ghost" to={again.to}>
            {again.label}
          </Link>
        </p>
      ) : null}
    </div>
  );
}

/** The form in a panel, and beside it (below on small screens) what else helps the visitor. */
export function FormLayout({ children, aside, narrow = false }: { children: ReactNode; aside?: ReactNode; narrow?: boolean }) {
  return (
    <div className={`form-layout${aside ? ' form-layout--aside' : ''}${narrow ? ' form-layout--narrow' : ''}`}>
      <div className="form-panel">{children}</div>
      {aside ? <aside className="form-aside">{aside}</aside> : null}
    </div>
  );
}

export function RequiredNote() {
  const { t } = useTranslation();
  return <p className="form-note">{t('form.requiredNote')}</p>;
}
