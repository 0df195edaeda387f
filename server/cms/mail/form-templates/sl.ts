import type { FormLocale } from '../form-templates';
import { fieldList, lines, sectionList } from '../plain-text';

const SIGN_OFF = (company: string) => `Lep pozdrav\n${company}`;

/** How to reach the company; replies to a confirmation go to its address (Reply-To). */
const CONTACT = (email: string, phone: string) =>
  `Če želite kaj dodati ali spremeniti, preprosto odgovorite na to sporočilo ali nam pišite na ${email}${phone ? `, lahko pa nas tudi pokličete na ${phone}` : ''}.`;

export const sl: FormLocale = {
  words: {
    languages: { sl: 'slovenščina', en: 'angleščina', de: 'nemščina' },
    sections: { product: 'Podatki o izdelku', contact: 'Kontaktni podatki', message: 'Sporočilo in soglasja', request: 'Zahteva za servis' },
    yes: 'Da',
    no: 'Ne',
    photos: 'Fotografije',
    photosAttached: 'priložene',
  },

  templates: {
    inquiry_notification: ({ offerType, sections, language, receivedAt, id, replyTo }) => ({
      subject: `Novo povpraševanje s spletne strani: ${offerType}`,
      text: lines(
        'Na spletni strani je bilo oddano novo povpraševanje.',
        fieldList([
          { label: 'Prejeto', value: receivedAt },
          { label: 'Jezik obiskovalca', value: language },
        ]),
        sectionList(sections),
        `Na to sporočilo lahko odgovorite neposredno – odgovor bo prejel obiskovalec na naslov ${replyTo}.`,
        `Oznaka povpraševanja: ${id}`,
      ),
    }),

    service_notification: ({ sections, language, receivedAt, id, replyTo }) => ({
      subject: 'Nova zahteva za servis s spletne strani',
      text: lines(
        'Na spletni strani je bila oddana nova zahteva za servis.',
        fieldList([
          { label: 'Prejeto', value: receivedAt },
          { label: 'Jezik obiskovalca', value: language },
        ]),
        sectionList(sections),
        replyTo
          ? `Na to sporočilo lahko odgovorite neposredno – odgovor bo prejel obiskovalec na naslov ${replyTo}.`
          : 'Obiskovalec ni navedel e-naslova, zato ga pokličite na navedeno telefonsko številko.',
        `Oznaka zahteve: ${id}`,
      ),
    }),

    inquiry_confirmation: ({ company, summary, contactEmail, contactPhone }) => ({
      subject: `${company}: prejeli smo vaše povpraševanje`,
      text: lines(
        'Pozdravljeni,',
        `hvala za vaše povpraševanje na spletni strani podjetja ${company}. Prejeli smo ga in vam bomo odgovorili v najkrajšem možnem času.`,
        `Povzetek povpraševanja:\n${fieldList(summary)}`,
        CONTACT(contactEmail, contactPhone),
        'Če povpraševanja niste poslali vi, tega sporočila ne upoštevajte.',
        SIGN_OFF(company),
      ),
    }),

    service_confirmation: ({ company, summary, contactEmail, contactPhone }) => ({
      subject: `${company}: prejeli smo vašo zahtevo za servis`,
      text: lines(
        'Pozdravljeni,',
        `hvala, ker ste se obrnili na nas. Vašo zahtevo za servis smo prejeli in vas bomo v najkrajšem možnem času poklicali na telefonsko številko, ki ste jo navedli, da se dogovorimo za nadaljnje korake.`,
        ...(summary.length > 0 ? [`Povzetek zahteve:\n${fieldList(summary)}`] : []),
        CONTACT(contactEmail, contactPhone),
        'Če zahteve niste poslali vi, tega sporočila ne upoštevajte.',
        SIGN_OFF(company),
      ),
    }),

    newsletter_welcome: ({ company, contactEmail }) => ({
      subject: `${company}: dobrodošli med prejemniki e-novic`,
      text: lines(
        'Pozdravljeni,',
        `hvala za prijavo na e-novice podjetja ${company}. Občasno vam bomo poslali nasvete o senčenju, novosti iz naše ponudbe in sezonske ugodnosti.`,
        `Če e-novic ne želite več prejemati ali se niste prijavili vi, odgovorite na to sporočilo ali nam pišite na ${contactEmail} in vaš naslov bomo odstranili s seznama prejemnikov.`,
        SIGN_OFF(company),
      ),
    }),
  },
};
