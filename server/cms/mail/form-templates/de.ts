import type { FormLocale } from '../form-templates';
import { fieldList, lines, sectionList } from '../plain-text';

const SIGN_OFF = (company: string) => `Mit freundlichen Grüßen\n${company}`;

/** How to reach the company; replies to a confirmation go to its address (Reply-To). */
const CONTACT = (email: string, phone: string) =>
  `Wenn Sie etwas ergänzen oder ändern möchten, antworten Sie einfach auf diese E-Mail oder schreiben Sie uns an ${email}${phone ? `; telefonisch erreichen Sie uns unter ${phone}` : ''}.`;

export const de: FormLocale = {
  words: {
    languages: { sl: 'Slowenisch', en: 'Englisch', de: 'Deutsch' },
    sections: { product: 'Produktangaben', contact: 'Kontaktdaten', message: 'Nachricht und Einwilligungen', request: 'Serviceanfrage' },
    yes: 'Ja',
    no: 'Nein',
    photos: 'Fotos',
    photosAttached: 'angehängt',
    photosLinked: 'Links, zu groß für einen Anhang: diese E-Mail nicht weiterleiten',
  },

  templates: {
    inquiry_notification: ({ offerType, sections, language, receivedAt, id, replyTo }) => ({
      subject: `Neue Anfrage über die Website: ${offerType}`,
      text: lines(
        'Über die Website ist eine neue Anfrage eingegangen.',
        fieldList([
          { label: 'Eingegangen', value: receivedAt },
          { label: 'Sprache der Anfrage', value: language },
        ]),
        sectionList(sections),
        `Sie können direkt auf diese E-Mail antworten – die Antwort geht an ${replyTo}.`,
        `Kennung der Anfrage: ${id}`,
      ),
    }),

    service_notification: ({ sections, language, receivedAt, id, replyTo }) => ({
      subject: 'Neue Serviceanfrage über die Website',
      text: lines(
        'Über die Website ist eine neue Serviceanfrage eingegangen.',
        fieldList([
          { label: 'Eingegangen', value: receivedAt },
          { label: 'Sprache der Anfrage', value: language },
        ]),
        sectionList(sections),
        replyTo
          ? `Sie können direkt auf diese E-Mail antworten – die Antwort geht an ${replyTo}.`
          : 'Es wurde keine E-Mail-Adresse angegeben; bitte rufen Sie unter der angegebenen Telefonnummer zurück.',
        `Kennung der Anfrage: ${id}`,
      ),
    }),

    inquiry_confirmation: ({ company, summary, contactEmail, contactPhone }) => ({
      subject: `${company}: Wir haben Ihre Anfrage erhalten`,
      text: lines(
        'Guten Tag,',
        `vielen Dank für Ihre Anfrage auf der Website von ${company}. Wir haben sie erhalten und melden uns so bald wie möglich bei Ihnen.`,
        `Ihre Anfrage im Überblick:\n${fieldList(summary)}`,
        CONTACT(contactEmail, contactPhone),
        'Falls Sie diese Anfrage nicht gesendet haben, können Sie diese E-Mail ignorieren.',
        SIGN_OFF(company),
      ),
    }),

    service_confirmation: ({ company, summary, contactEmail, contactPhone }) => ({
      subject: `${company}: Wir haben Ihre Serviceanfrage erhalten`,
      text: lines(
        'Guten Tag,',
        'vielen Dank für Ihre Nachricht. Wir haben Ihre Serviceanfrage erhalten und rufen Sie so bald wie möglich unter der angegebenen Telefonnummer an, um das weitere Vorgehen zu besprechen.',
        ...(summary.length > 0 ? [`Ihre Anfrage im Überblick:\n${fieldList(summary)}`] : []),
        CONTACT(contactEmail, contactPhone),
        'Falls Sie diese Anfrage nicht gesendet haben, können Sie diese E-Mail ignorieren.',
        SIGN_OFF(company),
      ),
    }),

    newsletter_confirm: ({ company, link, days }) => ({
      subject: `${company}: Bitte bestätigen Sie Ihre Newsletter-Anmeldung`,
      text: lines(
        'Guten Tag,',
        `jemand, wahrscheinlich Sie, möchte den Newsletter von ${company} an diese Adresse erhalten. Zur Bestätigung öffnen Sie bitte den folgenden Link und klicken auf der Seite auf die Schaltfläche:`,
        link,
        `Der Link ist ${days} Tage gültig. Wenn Sie den Newsletter nicht bestellt haben, ignorieren Sie diese E-Mail: Ohne Bestätigung senden wir Ihnen nichts und löschen Ihre Adresse.`,
        SIGN_OFF(company),
      ),
    }),

    newsletter_welcome: ({ company, contactEmail, unsubscribeLink }) => ({
      subject: `${company}: Willkommen bei unserem Newsletter`,
      text: lines(
        'Guten Tag,',
        `vielen Dank für Ihre Anmeldung zum Newsletter von ${company}. Von Zeit zu Zeit senden wir Ihnen Tipps zum Sonnenschutz, Neuigkeiten zu unseren Produkten und saisonale Angebote.`,
        `Sie können sich jederzeit mit einem Klick auf diesen Link abmelden, der auch in jedem Newsletter steht:\n${unsubscribeLink}`,
        `Fragen? Schreiben Sie uns an ${contactEmail}.`,
        SIGN_OFF(company),
      ),
    }),
  },
};
