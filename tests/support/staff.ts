import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { staffEnrolledSchema, staffLoginStepSchema, staffSessionSchema, type StaffEnrolled, type StaffLoginStep, type StaffRole } from '../../shared/api/staff';
import { ROOT_DIR } from '../../server/lib/paths';
import { totpCode } from '../../server/cms/staff/totp';

/**
 * Staff members as a test makes them: an invitation from the command line (`npm run staff -- invite`,
 * run from the sources against the content API's data folder), accepted and enrolled over HTTP with
 * codes computed from the secret the enrolment hands out, as an authenticator app computes them.
 */

const run = promisify(execFile);

/** The link `npm run staff -- invite` prints, from the sources (no build needed). */
export async function inviteFromCommandLine(dataDir: string, email: string, role: StaffRole, publicUrl = 'http://localhost:3000'): Promise<string> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'server/cms/staff-cli.ts', 'invite', email, role], {
    cwd: ROOT_DIR,
    env: { ...process.env, DATA_DIR: dataDir, PUBLIC_URL: publicUrl },
  });
  const link = /https?:\/\/\S+\/admin\/invitation\?token=\S+/.exec(stdout)?.[0];
  if (!link) throw new Error(`no invitation link in:\n${stdout}`);
  return link;
}

export const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

/** The code the app shows at `at` (the content API's clock in tests that move it). */
export const appCode = (secret: string, at = new Date()) => totpCode(secret, at);

type Post = (path: string, body: unknown) => Promise<{ status: number; body: unknown }>;

export type Enrolled = StaffEnrolled & { secret: string };

/** Accepts an invitation and enrols the app: the member's first session, their secret and recovery codes. */
export async function acceptAndEnrol(post: Post, token: string, name: string, password: string, at = new Date()): Promise<Enrolled> {
  const accepted = await post('staff/auth/invitation', { token, name, password });
  const step = staffLoginStepSchema.parse(accepted.body);
  if (step.step !== 'enrol') throw new Error('an invitation always enrols');
  const enrolled = await post('staff/auth/enrol', { challenge: step.challenge, code: appCode(step.secret, at) });
  return { ...staffEnrolledSchema.parse(enrolled.body), secret: step.secret };
}

/** A sign-in with the password and the app's code at `at` (a code of a time step not used before). */
export async function signIn(post: Post, email: string, password: string, secret: string, at = new Date()): Promise<{ token: string; step: StaffLoginStep }> {
  const step = staffLoginStepSchema.parse((await post('staff/auth/login', { email, password })).body);
  const answer = await post('staff/auth/code', { challenge: step.challenge, code: appCode(secret, at) });
  return { token: staffSessionSchema.parse(answer.body).token, step };
}
