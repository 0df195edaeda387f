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
    photosLinked: 'povezave, prevelike za prilogo: tega sporočila ne posredujte naprej',
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

    newsletter_confirm: ({ company, link, days }) => ({
      subject: `${company}: potrdite prijavo na e-novice`,
      text: lines(
        'Pozdravljeni,',
        `nekdo, verjetno vi, je želel na ta naslov prejemati e-novice podjetja ${company}. Prijavo potrdite tako, da odprete spodnjo povezavo in na strani pritisnete gumb:`,
        link,
        `Povezava velja ${days} dni. Če se na e-novice niste prijavili vi, tega sporočila ne upoštevajte: brez potrditve vam ne bomo pošiljali ničesar in vaš naslov bomo izbrisali.`,
        SIGN_OFF(company),
      ),
    }),

    newsletter_welcome: ({ company, contactEmail, unsubscribeLink }) => ({
      subject: `${company}: dobrodošli med prejemniki e-novic`,
      text: lines(
        'Pozdravljeni,',
        `hvala za prijavo na e-novice podjetja ${company}. Občasno vam bomo poslali nasvete o senčenju, novosti iz naše ponudbe in sezonske ugodnosti.`,
        `Od e-novic se lahko kadar koli odjavite z enim klikom na to povezavo, ki jo najdete tudi v vsakih e-novicah:\n${unsubscribeLink}`,
        `Imate vprašanje? Pišite nam na ${contactEmail}.`,
        SIGN_OFF(company),
      ),
    }),
  },
};
