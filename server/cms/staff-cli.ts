import pino from 'pino';
import { STAFF_ROLES, type StaffRole } from '../../shared/api/staff';
import { ConfigError } from '../lib/settings';
import { loadCmsSettings } from './settings';
import { passwordHashing } from './accounts/password-hashing';
import { DEFAULT_SITE_URL } from './app';
import { companySettings } from './company';
import { openDb } from './db';
import { migrate } from './migrations';
import { mailQueue } from './mail/queue';
import { staffMails } from './staff/mails';
import { staffService } from './staff/service';
import { loadCmsStrings } from './strings';

/**
 * The staff's command line (`npm run staff -- …`, or `node dist/server/staff.js …` in the content API's
 * container): what must work before anyone can sign in. It opens the content API's database in
 * DATA_DIR beside a running content API (SQLite's WAL lets both write).
 *
 *   invite <email> <role>         prints a one-time link (72 hours) for the address to join as owner, sales or editor
 *   reset-two-factor <email>      the member sets the authenticator app up again at the next sign-in
 *   list                          the members, their roles and whether they have set up the app
 */

const USAGE = `Usage: npm run staff -- invite <email> <${STAFF_ROLES.join('|')}>
       npm run staff -- reset-two-factor <email>
       npm run staff -- list`;

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

let config;
try {
  config = loadCmsSettings();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  fail(error.message);
}
// Warnings only: the command's output is what it prints.
const logger = pino({ level: 'warn' });
const db = openDb(config.DATA_DIR);
migrate(db);
const siteUrl = (config.PUBLIC_URL ?? DEFAULT_SITE_URL).replace(/\/+$/, '');
const company = companySettings(db, new URL(siteUrl).hostname);
const staff = staffService({
  db,
  passwords: passwordHashing(),
  logger,
  issuer: () => company().name,
  mails: staffMails(db, mailQueue(db), siteUrl, loadCmsStrings()),
});

const [command, ...args] = process.argv.slice(2);
try {
  switch (command) {
    case 'invite': {
      const [email, role] = args;
      if (!email || !/^[^\s@]+@[^\s@]+$/.test(email) || !STAFF_ROLES.includes(role as StaffRole)) fail(USAGE);
      // Printed, not mailed: whoever runs this hands the link over (the first owner has no one to receive it from).
      const { token, expiresAt } = staff.invite(null, { email: email.toLowerCase(), role: role as StaffRole }, { lang: 'sl', mail: false });
      console.log(`Invitation for ${email} as ${role}, valid until ${expiresAt}:\n${siteUrl}/admin/invitation?token=${token}`);
      break;
    }
    case 'reset-two-factor': {
      const member = args[0] ? staff.team().members.find((m) => m.email.toLowerCase() === args[0]!.toLowerCase()) : undefined;
      if (!member) fail(`No staff member with the address ${args[0] ?? '(none given)'}.\n${USAGE}`);
      staff.resetTwoFactor(null, member.id);
      console.log(`${member.email} sets up the authenticator app again at the next sign-in; their sessions have ended.`);
      break;
    }
    case 'list':
      for (const m of staff.team().members) {
        console.log([m.email, m.role, m.enrolled ? 'app set up' : 'app not set up', m.disabledAt ? `disabled ${m.disabledAt}` : 'active'].join('\t'));
      }
      break;
    default:
      fail(USAGE);
  }
} finally {
  db.close();
}
