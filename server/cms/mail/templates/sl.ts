import { lines } from '../plain-text';
import type { LocaleTemplates } from '../templates';

const SIGN_OFF = (company: string) => `Lep pozdrav\n${company}\n\nTo sporočilo je bilo poslano samodejno, zato nanj ne odgovarjajte.`;

export const sl: LocaleTemplates = {
  verify_email: ({ company, link }) => ({
    subject: `${company}: potrdite svoj e-poštni naslov`,
    text: lines(
      'Pozdravljeni,',
      `hvala, ker ste ustvarili račun na spletni strani podjetja ${company}. Registracijo boste zaključili, ko s klikom na spodnjo povezavo potrdite svoj e-poštni naslov:`,
      link,
      'Povezava velja 48 ur in jo lahko uporabite samo enkrat.',
      'Če računa niste ustvarili vi, tega sporočila ne upoštevajte – brez potrditve račun ne bo aktiviran.',
      SIGN_OFF(company),
    ),
  }),

  registration_attempt: ({ company, loginLink, resetLink }) => ({
    subject: `${company}: poskus registracije z vašim e-poštnim naslovom`,
    text: lines(
      'Pozdravljeni,',
      `nekdo je pravkar poskusil na spletni strani podjetja ${company} ustvariti nov račun z vašim e-poštnim naslovom. Ker račun s tem naslovom že obstaja, novega nismo ustvarili.`,
      `Če ste to bili vi, se lahko prijavite tukaj:\n${loginLink}`,
      `Če ste pozabili geslo, si lahko nastavite novo:\n${resetLink}`,
      'Če tega niste storili vi, tega sporočila ne upoštevajte – vaš račun ostaja nespremenjen.',
      SIGN_OFF(company),
    ),
  }),

  password_reset: ({ company, link }) => ({
    subject: `${company}: ponastavitev gesla`,
    text: lines(
      'Pozdravljeni,',
      `prejeli smo zahtevo za ponastavitev gesla za vaš račun na spletni strani podjetja ${company}. Novo geslo si lahko nastavite na tej povezavi:`,
      link,
      'Povezava velja eno uro in jo lahko uporabite samo enkrat.',
      'Če ponastavitve niste zahtevali vi, tega sporočila ne upoštevajte – vaše geslo ostaja nespremenjeno.',
      SIGN_OFF(company),
    ),
  }),

  password_changed: ({ company, resetLink, contactEmail }) => ({
    subject: `${company}: vaše geslo je bilo spremenjeno`,
    text: lines(
      'Pozdravljeni,',
      `geslo za vaš račun na spletni strani podjetja ${company} je bilo pravkar spremenjeno.`,
      'Če ste ga spremenili vi, je vse v redu in vam ni treba storiti ničesar.',
      `Če gesla niste spremenili vi, si takoj nastavite novo:\n${resetLink}\nin nam to sporočite na ${contactEmail}.`,
      SIGN_OFF(company),
    ),
  }),

  login_unlock: ({ company, link, resetLink }) => ({
    subject: `${company}: neuspešne prijave v vaš račun`,
    text: lines(
      'Pozdravljeni,',
      `nekdo se je pravkar večkrat poskusil prijaviti v vaš račun na spletni strani podjetja ${company} z napačnim geslom. Zaradi varnosti računa so nadaljnji poskusi zdaj upočasnjeni.`,
      `Če ste to bili vi, se lahko s to povezavo prijavite takoj, brez čakanja:\n${link}`,
      'Povezava velja eno uro in jo lahko uporabite samo enkrat.',
      `Če to niste bili vi, se nihče ni prijavil in vam ni treba storiti ničesar. Če je vaše geslo lahko uganiti, si tukaj nastavite novo:\n${resetLink}`,
      SIGN_OFF(company),
    ),
  }),

  staff_invitation: ({ company, link, role, until }) => ({
    subject: `${company}: povabilo v zaledje spletne strani`,
    text: lines(
      'Pozdravljeni,',
      `povabljeni ste v zaledje spletne strani podjetja ${company}, kjer boste delali kot ${role}. Z odprtjem spodnje povezave si nastavite ime in geslo ter v aplikaciji za overjanje na telefonu (npr. Google Authenticator, Microsoft Authenticator) dodate kodo za prijavo:`,
      link,
      `Povezava velja do ${until} in jo lahko uporabite samo enkrat.`,
      'Če povabila niste pričakovali, tega sporočila ne upoštevajte.',
      SIGN_OFF(company),
    ),
  }),

  lead_visit_booked: ({ company, when, contactPhone, contactEmail }) => ({
    subject: `${company}: termin brezplačnega ogleda in meritev`,
    text: lines(
      'Pozdravljeni,',
      `za vaše povpraševanje smo dogovorili brezplačen ogled in meritve na terenu: ${when}.`,
      `Če vam termin ne ustreza, nas pokličite na ${contactPhone} ali pišite na ${contactEmail}. Stanje povpraševanja lahko spremljate tudi v svojem računu na naši spletni strani.`,
      SIGN_OFF(company),
    ),
  }),

  lead_quote_sent: ({ company, contactPhone, contactEmail }) => ({
    subject: `${company}: ponudba za vaše povpraševanje`,
    text: lines(
      'Pozdravljeni,',
      'ponudbo za vaše povpraševanje smo pripravili in vam jo poslali.',
      `Če je niste prejeli ali imate vprašanja, nas pokličite na ${contactPhone} ali pišite na ${contactEmail}.`,
      SIGN_OFF(company),
    ),
  }),

  lead_reply: ({ company, text, member }) => ({
    subject: `${company}: odgovor na vaše povpraševanje`,
    text: lines('Pozdravljeni,', text, `Lep pozdrav\n${member}\n${company}\n\nNa to sporočilo lahko odgovorite.`),
  }),
};
