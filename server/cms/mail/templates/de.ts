import { lines } from '../plain-text';
import type { LocaleTemplates } from '../templates';

const SIGN_OFF = (company: string) =>
  `Mit freundlichen Grüßen\n${company}\n\nDiese Nachricht wurde automatisch versendet. Bitte antworten Sie nicht darauf.`;

export const de: LocaleTemplates = {
  verify_email: ({ company, link }) => ({
    subject: `${company}: Bitte bestätigen Sie Ihre E-Mail-Adresse`,
    text: lines(
      'Guten Tag,',
      `vielen Dank, dass Sie auf der Website von ${company} ein Konto angelegt haben. Um die Registrierung abzuschließen, bestätigen Sie bitte Ihre E-Mail-Adresse über diesen Link:`,
      link,
      'Der Link ist 48 Stunden gültig und kann nur einmal verwendet werden.',
      'Falls Sie kein Konto angelegt haben, können Sie diese E-Mail ignorieren – ohne Bestätigung wird das Konto nicht aktiviert.',
      SIGN_OFF(company),
    ),
  }),

  registration_attempt: ({ company, loginLink, resetLink }) => ({
    subject: `${company}: Registrierungsversuch mit Ihrer E-Mail-Adresse`,
    text: lines(
      'Guten Tag,',
      `soeben hat jemand versucht, auf der Website von ${company} mit Ihrer E-Mail-Adresse ein neues Konto anzulegen. Da für diese Adresse bereits ein Konto besteht, wurde kein neues angelegt.`,
      `Falls Sie das waren, können Sie sich hier anmelden:\n${loginLink}`,
      `Falls Sie Ihr Passwort vergessen haben, können Sie hier ein neues festlegen:\n${resetLink}`,
      'Falls Sie das nicht waren, können Sie diese E-Mail ignorieren – Ihr Konto bleibt unverändert.',
      SIGN_OFF(company),
    ),
  }),

  password_reset: ({ company, link }) => ({
    subject: `${company}: Passwort zurücksetzen`,
    text: lines(
      'Guten Tag,',
      `wir haben eine Anfrage erhalten, das Passwort für Ihr Konto auf der Website von ${company} zurückzusetzen. Über diesen Link können Sie ein neues Passwort festlegen:`,
      link,
      'Der Link ist eine Stunde gültig und kann nur einmal verwendet werden.',
      'Falls Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren – Ihr Passwort bleibt unverändert.',
      SIGN_OFF(company),
    ),
  }),

  password_changed: ({ company, resetLink, contactEmail }) => ({
    subject: `${company}: Ihr Passwort wurde geändert`,
    text: lines(
      'Guten Tag,',
      `das Passwort für Ihr Konto auf der Website von ${company} wurde soeben geändert.`,
      'Wenn Sie das selbst waren, ist alles in Ordnung und Sie müssen nichts weiter tun.',
      `Wenn nicht, legen Sie bitte sofort ein neues Passwort fest:\n${resetLink}\nund geben Sie uns unter ${contactEmail} Bescheid.`,
      SIGN_OFF(company),
    ),
  }),

  login_unlock: ({ company, link, resetLink }) => ({
    subject: `${company}: fehlgeschlagene Anmeldungen bei Ihrem Konto`,
    text: lines(
      'Guten Tag,',
      `soeben hat jemand mehrmals versucht, sich mit einem falschen Passwort bei Ihrem Konto auf der Website von ${company} anzumelden. Zum Schutz Ihres Kontos werden weitere Versuche jetzt verlangsamt.`,
      `Falls Sie das waren, können Sie sich über diesen Link sofort und ohne Wartezeit anmelden:\n${link}`,
      'Der Link ist eine Stunde gültig und kann nur einmal verwendet werden.',
      `Falls Sie das nicht waren, hat sich niemand angemeldet und Sie müssen nichts tun. Ist Ihr Passwort leicht zu erraten, legen Sie hier ein neues fest:\n${resetLink}`,
      SIGN_OFF(company),
    ),
  }),

  staff_invitation: ({ company, link, role, until }) => ({
    subject: `${company}: Einladung in den Mitarbeiterbereich der Website`,
    text: lines(
      'Guten Tag,',
      `Sie wurden in den Mitarbeiterbereich der Website von ${company} eingeladen, als ${role}. Öffnen Sie diesen Link, um Namen und Passwort festzulegen und einen Anmeldecode in einer Authenticator-App auf Ihrem Telefon einzurichten (Google Authenticator, Microsoft Authenticator o. ä.):`,
      link,
      `Der Link gilt bis ${until} und kann nur einmal verwendet werden.`,
      'Wenn Sie diese Einladung nicht erwartet haben, können Sie diese E-Mail ignorieren.',
      SIGN_OFF(company),
    ),
  }),

  lead_visit_booked: ({ company, when, contactPhone, contactEmail }) => ({
    subject: `${company}: Ihr kostenloser Aufmaßtermin`,
    text: lines(
      'Guten Tag,',
      `für Ihre Anfrage haben wir den kostenlosen Aufmaßtermin vor Ort vereinbart: ${when}.`,
      `Wenn Ihnen der Termin nicht passt, rufen Sie uns bitte unter ${contactPhone} an oder schreiben Sie an ${contactEmail}. Den Stand Ihrer Anfrage sehen Sie auch in Ihrem Konto auf unserer Website.`,
      SIGN_OFF(company),
    ),
  }),

  lead_quote_sent: ({ company, contactPhone, contactEmail }) => ({
    subject: `${company}: das Angebot zu Ihrer Anfrage`,
    text: lines(
      'Guten Tag,',
      'wir haben das Angebot zu Ihrer Anfrage erstellt und Ihnen zugesandt.',
      `Falls es Sie nicht erreicht hat oder Sie Fragen haben, rufen Sie uns bitte unter ${contactPhone} an oder schreiben Sie an ${contactEmail}.`,
      SIGN_OFF(company),
    ),
  }),

  lead_reply: ({ company, text, member }) => ({
    subject: `${company}: Antwort auf Ihre Anfrage`,
    text: lines('Guten Tag,', text, `Mit freundlichen Grüßen\n${member}\n${company}\n\nSie können auf diese E-Mail antworten.`),
  }),
};
