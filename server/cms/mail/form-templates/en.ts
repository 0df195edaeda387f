import type { FormLocale } from '../form-templates';
import { fieldList, lines, sectionList } from '../plain-text';

const SIGN_OFF = (company: string) => `Kind regards,\n${company}`;

/** How to reach the company; replies to a confirmation go to its address (Reply-To). */
const CONTACT = (email: string, phone: string) =>
  `If you would like to add or change anything, simply reply to this email or write to us at ${email}${phone ? `; you can also call us on ${phone}` : ''}.`;

export const en: FormLocale = {
  words: {
    languages: { sl: 'Slovenian', en: 'English', de: 'German' },
    sections: { product: 'Product details', contact: 'Contact details', message: 'Message and consents', request: 'Service request' },
    yes: 'Yes',
    no: 'No',
    photos: 'Photos',
    photosAttached: 'attached',
    photosLinked: 'links, too large to attach: do not forward this email',
  },

  templates: {
    inquiry_notification: ({ offerType, sections, language, receivedAt, id, replyTo }) => ({
      subject: `New inquiry from the website: ${offerType}`,
      text: lines(
        'A new inquiry has been sent from the website.',
        fieldList([
          { label: 'Received', value: receivedAt },
          { label: "Visitor's language", value: language },
        ]),
        sectionList(sections),
        `You can reply to this email directly – the reply goes to the visitor at ${replyTo}.`,
        `Inquiry reference: ${id}`,
      ),
    }),

    service_notification: ({ sections, language, receivedAt, id, replyTo }) => ({
      subject: 'New service request from the website',
      text: lines(
        'A new service request has been sent from the website.',
        fieldList([
          { label: 'Received', value: receivedAt },
          { label: "Visitor's language", value: language },
        ]),
        sectionList(sections),
        replyTo
          ? `You can reply to this email directly – the reply goes to the visitor at ${replyTo}.`
          : 'The visitor gave no email address, so please call them on the phone number given.',
        `Request reference: ${id}`,
      ),
    }),

    inquiry_confirmation: ({ company, summary, contactEmail, contactPhone }) => ({
      subject: `${company}: we have received your inquiry`,
      text: lines(
        'Hello,',
        `Thank you for your inquiry on the ${company} website. We have received it and will reply as soon as possible.`,
        `Your inquiry at a glance:\n${fieldList(summary)}`,
        CONTACT(contactEmail, contactPhone),
        'If you did not send this inquiry, you can safely ignore this email.',
        SIGN_OFF(company),
      ),
    }),

    service_confirmation: ({ company, summary, contactEmail, contactPhone }) => ({
      subject: `${company}: we have received your service request`,
      text: lines(
        'Hello,',
        'Thank you for getting in touch. We have received your service request and will call you on the phone number you gave as soon as possible to arrange the next steps.',
        ...(summary.length > 0 ? [`Your request at a glance:\n${fieldList(summary)}`] : []),
        CONTACT(contactEmail, contactPhone),
        'If you did not send this request, you can safely ignore this email.',
        SIGN_OFF(company),
      ),
    }),

    newsletter_confirm: ({ company, link, days }) => ({
      subject: `${company}: please confirm your newsletter subscription`,
      text: lines(
        'Hello,',
        `someone, probably you, asked to receive the ${company} newsletter at this address. To confirm, open the link below and press the button on the page:`,
        link,
        `The link is valid for ${days} days. If you did not ask for the newsletter, ignore this email: without confirmation we will send you nothing and will erase your address.`,
        SIGN_OFF(company),
      ),
    }),

    newsletter_welcome: ({ company, contactEmail, unsubscribeLink }) => ({
      subject: `${company}: welcome to our newsletter`,
      text: lines(
        'Hello,',
        `Thank you for subscribing to the ${company} newsletter. From time to time we will send you shading tips, news about our products and seasonal offers.`,
        `You can unsubscribe at any time with one click on this link, which is in every newsletter as well:\n${unsubscribeLink}`,
        `Questions? Write to us at ${contactEmail}.`,
        SIGN_OFF(company),
      ),
    }),
  },
};
