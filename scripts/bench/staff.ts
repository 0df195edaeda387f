/**
 * The staff area's figures of `npm run bench` (issue: the company works its leads on the site): with
 * 20,000 leads in the content API, how long the site takes to answer a member's inbox with filters and
 * a lead's page, at the 95th percentile, against the targets (100 ms and 50 ms), and the server's CPU
 * time per answer. Two clients ask at once, on loopback, so what is timed is the server's work (the
 * BFF, the content API, SQLite, the render), not a queue. Alone: `node --import tsx scripts/bench/staff.ts` (after `npm run build`).
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import pino from 'pino';
import { passwordHashing } from '../../server/cms/accounts/password-hashing';
import { openDb } from '../../server/cms/db';
import { formStore } from '../../server/cms/forms/store';
import { leadStore } from '../../server/cms/leads/store';
import { migrate } from '../../server/cms/migrations';
import { seedContent } from '../../server/cms/seed';
import { staffMails } from '../../server/cms/staff/mails';
import { staffService } from '../../server/cms/staff/service';
import { mailQueue } from '../../server/cms/mail/queue';
import { loadCmsStrings } from '../../server/cms/strings';
import { totpCode } from '../../server/cms/staff/totp';
import { OFFER_TYPES } from '../../shared/forms/inquiry';
import { LEAD_STATUSES } from '../../shared/api/staff';
import { LOCALES } from '../../shared/locales';
import { cpuMicros, ROOT, site, stop, tmp } from './servers';

const LEADS = 20_000;
const CLIENTS = 2;
const REQUESTS = 400;
const TARGETS = { inbox: 100, lead: 50 };
const PORT = 4120;

const FIRST = ['Ana', 'Marko', 'Petra', 'Luka', 'Maja', 'Jure', 'Nina', 'Matej', 'Eva', 'Tomaž', 'Sabine', 'Thomas', 'Julia', 'Peter'];
const LAST = ['Novak', 'Horvat', 'Kovačič', 'Krajnc', 'Zupančič', 'Potočnik', 'Mlakar', 'Kos', 'Vidmar', 'Golob', 'Huber', 'Gruber', 'Wagner', 'Bauer'];
const TOWNS = [
  'Ljubljana',
  'Maribor',
  'Celje',
  'Kranj',
  'Koper',
  'Novo mesto',
  'Šmarje pri Jelšah',
  'Ravne na Koroškem',
  'Graz',
  'Klagenfurt',
  'Villach',
  'Wien',
];
const pick = <T>(list: readonly T[], i: number) => list[i % list.length]!;

/** A content database with 20,000 leads over two years, their statuses, assignees and histories spread as a company's would be. */
export async function seedLeads(dataDir: string): Promise<{ session: string; leadId: string }> {
  const db = openDb(dataDir);
  migrate(db);
  seedContent(db, path.join(ROOT, 'content'));
  const mails = staffMails(db, mailQueue(db), 'http://localhost', loadCmsStrings());
  const staff = staffService({ db, passwords: passwordHashing(), mails, logger: pino({ level: 'silent' }), issuer: () => 'bench' });
  const { token } = staff.invite(null, { email: 'bench@example.si', role: 'owner' }, { lang: 'sl', mail: false });
  const step = (await staff.acceptInvitation({ token, name: 'Bench Owner', password: 'a long bench password' }, 'sl'))!;
  if (step.step !== 'enrol') throw new Error('an invitation enrols');
  const enrolled = staff.enrol({ challenge: step.challenge, code: totpCode(step.secret, new Date()) }, { address: '127.0.0.1' });
  if (!enrolled.ok) throw new Error('enrolment failed');
  const memberId = enrolled.value.member.id;

  const forms = formStore(db);
  const leads = leadStore(db);
  const start = Date.now() - 2 * 365 * 86_400_000;
  let leadId = '';
  db.transaction(() => {
    for (let i = 0; i < LEADS; i++) {
      const id = randomUUID();
      const name = `${pick(FIRST, i * 7)} ${pick(LAST, i * 13)}`;
      const kind = i % 5 === 0 ? 'service' : 'inquiry';
      const data = {
        ...(kind === 'inquiry'
          ? { offerType: pick(OFFER_TYPES, i), width: 100 + (i % 300), height: 100 + (i % 200), amount: 1 + (i % 4) }
          : { content: 'Roleta se ne dvigne več do konca.' }),
        nameAndSurname: name,
        email: `${name.toLowerCase().replace(/\W+/g, '.')}.${i}@example.si`,
        phone: `041 ${String(100 + (i % 900))} ${String(100 + ((i * 7) % 900))}`,
        streetAddress: `Glavna ulica ${1 + (i % 99)}`,
        postalCode: String(1000 + (i % 8000)),
        town: pick(TOWNS, i * 3),
        message: 'Prosimo za ponudbo za okna v dnevni sobi in kuhinji, obrnjena proti jugu.',
        terms: true,
      };
      const at = new Date(start + Math.floor((i / LEADS) * (Date.now() - start))).toISOString();
      forms.addSubmission({ id, key: `bench:${id}`, kind, locale: pick(LOCALES, i), data, email: data.email, emailConfirmedAt: null }, at);
      const status = pick(LEAD_STATUSES, i * 5);
      if (status !== 'new') {
        leads.setStatus(id, { status, visitAt: status === 'visit_booked' ? '2026-12-03T09:30' : null, reason: status === 'lost' ? 'Cena' : null }, at);
        leads.addEvent(id, { kind: 'status', from: 'new', to: status, visitAt: null, reason: null }, { id: memberId, name: 'Bench Owner' }, at);
        if (i % 3 === 0) leads.setAssignee(id, memberId);
        leads.addEvent(id, { kind: 'note', text: 'Poklicala sem, stranka želi ogled v petek.' }, { id: memberId, name: 'Bench Owner' }, at);
      }
      leadId = id;
    }
  })();
  db.close();
  return { session: enrolled.value.token, leadId };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** Asks for the paths in turn, CLIENTS at a time, REQUESTS in all; the answers' times in ms. */
async function timed(base: string, paths: string[], cookie: string): Promise<number[]> {
  const times: number[] = [];
  let next = 0;
  const client = async () => {
    while (next < REQUESTS) {
      const p = paths[next++ % paths.length]!;
      const begun = performance.now();
      const res = await fetch(base + p, { headers: { cookie, 'accept-encoding': 'gzip' }, redirect: 'manual' });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${p}: ${res.status}`);
      times.push(performance.now() - begun);
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
  return times.sort((a, b) => a - b);
}

export async function staffBench(): Promise<void> {
  const dataDir = path.join(tmp, 'staff-data');
  const { session, leadId } = await seedLeads(dataDir);
  const child = await site(PORT, { DATA_DIR: dataDir });
  try {
    const base = `http://127.0.0.1:${PORT}`;
    const cookie = `staff_sid=${session}`;
    // Filters a salesperson uses: what is open, what is theirs, one family, a name heard on the phone, a later page.
    const inbox = [
      '/admin',
      '/admin?status=open',
      '/admin?assignee=me&status=open',
      '/admin?offerType=rolete&status=new',
      '/admin?q=novak',
      '/admin?q=041%20345',
      '/admin?status=open&page=20',
      '/admin?kind=service&from=2026-01-01',
    ];
    const lead = [`/admin/leads/${leadId}`];
    await timed(base, [...inbox, ...lead], cookie);
    console.log(`\nStaff area, ${LEADS} leads, ${CLIENTS} clients, ${REQUESTS} requests each, server on core 0`);
    for (const [name, paths] of [
      ['inbox', inbox],
      ['lead', lead],
    ] as const) {
      const cpuBefore = cpuMicros(child.pid!);
      const times = await timed(base, paths, cookie);
      // The server's CPU time per answer moves less than its latency on a machine others load too.
      const cpu = (cpuMicros(child.pid!) - cpuBefore) / 1000 / times.length;
      const p95 = percentile(times, 95);
      console.log(
        `${`${name === 'inbox' ? 'inbox, filtered' : "a lead's page"}`.padEnd(24)} p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms   p95 ${p95.toFixed(1).padStart(6)} ms   (target ≤ ${TARGETS[name]} ms) ${p95 <= TARGETS[name] ? 'met' : 'NOT met'}   CPU ${cpu.toFixed(1)} ms an answer`,
      );
    }
  } finally {
    await stop(child);
  }
}

if (process.argv[1] === import.meta.filename) await staffBench();
