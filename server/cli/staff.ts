/**
 * Staff accounts from the command line: the first admin, and recovery when nobody can
 * sign in. Works on the database DATABASE_URL names (the same one the server uses).
 *
 *   printf '%s\n' "$PASSWORD" | npm run staff -- add --email E --name N --role admin|editor|counsellor --password-stdin
 *   npm run staff -- list
 *   npm run staff -- disable --email E              ends the account's sessions at once
 *   printf '%s\n' "$PASSWORD" | npm run staff -- reset-password --email E --password-stdin
 *   npm run staff -- sign-in-limits                 who must wait before signing in again, and how long
 *   npm run staff -- clear-sign-in-limits --email E  that account may try again at once (from anywhere)
 *   npm run staff -- clear-sign-in-limits --client IP   that address may (an office behind one address)
 *
 * Passwords are read from standard input only (never from an argument, which other
 * users of the machine could see): at least 10 characters, not the account's email or name, and
 * not easy to guess (server/staff/password-strength.ts).
 */
import '../runtime';
import { text } from 'node:stream/consumers';
import { parseArgs } from 'node:util';
import { newStaffSchema, roleValues, staffEmailSchema } from '../../shared/schema/desk';
import { loadConfig } from '../config';
import { runCli, UsageError } from './run';
import { createAuditLog } from '../db/audit-log';
import { type Db, openDatabase } from '../db/database';
import { createSignInThrottle } from '../db/sign-in-throttle';
import { createStaffRepository } from '../db/staff-repository';
import { type PasswordOwner, weakPasswordProblem } from '../staff/password-strength';
import { hashPassword, passwordCost } from '../staff/passwords';

const USAGE = `Usage:
  npm run staff -- add --email E --name N --role ${roleValues.join('|')} --password-stdin
  npm run staff -- list
  npm run staff -- disable --email E
  npm run staff -- reset-password --email E --password-stdin
  npm run staff -- sign-in-limits
  npm run staff -- clear-sign-in-limits --email E | --client IP
The password is read from standard input, e.g.  printf '%s\\n' "$PASSWORD" | npm run staff -- …`;

/** The first line of standard input, without its line ending: a password good enough for `owner`. */
async function passwordFromStdin(owner: PasswordOwner): Promise<string> {
  if (process.stdin.isTTY) throw new UsageError('Pipe the password to standard input (--password-stdin).');
  const password = (await text(process.stdin)).split(/\r?\n/)[0] ?? '';
  const problem = await weakPasswordProblem(password, owner);
  // Not how the command was typed: the reason alone, without the usage after it.
  if (problem) throw new Error(problem);
  return password;
}

const emailOption = { email: { type: 'string' } } as const;

function parseEmail(value: string | undefined): string {
  const parsed = staffEmailSchema.safeParse(value ?? '');
  if (!parsed.success) throw new UsageError(`--email must be an email address (got "${value ?? ''}").`);
  return parsed.data;
}

async function withDatabase<T>(work: (db: Db) => Promise<T>): Promise<T> {
  const database = await openDatabase(loadConfig().DATABASE_URL);
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

async function add(args: string[]) {
  const { values } = parseArgs({
    args,
    options: {
      ...emailOption,
      name: { type: 'string' },
      role: { type: 'string' },
      'password-stdin': { type: 'boolean', default: false },
    },
  });
  if (!values['password-stdin']) throw new UsageError('Give --password-stdin and pipe the password in.');
  const details = newStaffSchema.omit({ password: true }).safeParse(values);
  if (!details.success)
    throw new UsageError(details.error.issues.map((issue) => `--${issue.path.join('.')}: ${issue.message}`).join('\n'));
  const password = await passwordFromStdin(details.data);
  await withDatabase(async (database) => {
    const staff = createStaffRepository(database);
    if (await staff.findByEmail(details.data.email))
      throw new Error(`An account with ${details.data.email} already exists.`);
    const member = await staff.add({
      ...details.data,
      passwordHash: await hashPassword(password, passwordCost(loadConfig().STAFF_PASSWORD_COST)),
    });
    await createAuditLog(database).record({ actorId: null, action: 'account-added', field: 'email', to: member.email });
    console.log(`Added ${member.role} ${member.name} <${member.email}>.`);
  });
}

async function list() {
  await withDatabase(async (database) => {
    const accounts = await createStaffRepository(database).list();
    if (accounts.length === 0) console.log('No staff accounts yet. Add the first admin with: npm run staff -- add …');
    for (const member of accounts) {
      const state = member.disabled_at ? `disabled ${member.disabled_at.slice(0, 10)}` : 'active';
      console.log(`${member.email.padEnd(32)} ${member.role.padEnd(10)} ${state.padEnd(20)} ${member.name}`);
    }
  });
}

async function disable(args: string[]) {
  const email = parseEmail(parseArgs({ args, options: emailOption }).values.email);
  await withDatabase(async (database) => {
    const staff = createStaffRepository(database);
    const member = await staff.findByEmail(email);
    if (!member) throw new Error(`No account with ${email}.`);
    await staff.disable(member.id);
    await createAuditLog(database).record({ actorId: null, action: 'account-disabled', field: member.email });
    console.log(`Disabled ${member.email}; its sessions have ended.`);
  });
}

async function resetPassword(args: string[]) {
  const { values } = parseArgs({
    args,
    options: { ...emailOption, 'password-stdin': { type: 'boolean', default: false } },
  });
  const email = parseEmail(values.email);
  if (!values['password-stdin']) throw new UsageError('Give --password-stdin and pipe the new password in.');
  await withDatabase(async (database) => {
    const staff = createStaffRepository(database);
    const member = await staff.findByEmail(email);
    if (!member) throw new Error(`No account with ${email}.`);
    const password = await passwordFromStdin(member);
    await staff.resetPassword(member.id, await hashPassword(password, passwordCost(loadConfig().STAFF_PASSWORD_COST)));
    await createAuditLog(database).record({ actorId: null, action: 'account-password-reset', field: member.email });
    console.log(`New password set for ${member.email}; their sessions have ended.`);
  });
}

async function signInLimits() {
  await withDatabase(async (database) => {
    const waiting = await createSignInThrottle(database).waiting();
    if (waiting.length === 0) console.log('Nobody has to wait to sign in.');
    for (const row of waiting) {
      const seconds = Math.ceil((new Date(row.wait_until ?? 0).getTime() - Date.now()) / 1000);
      console.log(`${row.scope.padEnd(60)} ${String(row.attempts).padStart(4)} attempts, waits ${seconds} s`);
    }
  });
}

async function clearSignInLimits(args: string[]) {
  const { values } = parseArgs({ args, options: { ...emailOption, client: { type: 'string' } } });
  if (!values.email === !values.client) throw new UsageError('Give either --email E or --client IP.');
  await withDatabase(async (database) => {
    const throttle = createSignInThrottle(database);
    if (values.client) {
      const cleared = await throttle.clearClient(values.client);
      console.log(`${cleared ? 'Cleared the' : 'There was no'} sign-in count for ${values.client}.`);
      return;
    }
    const email = parseEmail(values.email);
    const member = await createStaffRepository(database).findByEmail(email);
    if (!member) throw new Error(`No account with ${email}.`);
    const cleared = await throttle.clearAccount(member.email);
    await createAuditLog(database).record({
      actorId: null,
      action: 'account-sign-in-cleared',
      field: member.email,
      to: String(cleared),
    });
    console.log(`${member.email} may try signing in again at once (${cleared} counts cleared).`);
  });
}

runCli(
  {
    add,
    list: () => list(),
    disable,
    'reset-password': resetPassword,
    'sign-in-limits': () => signInLimits(),
    'clear-sign-in-limits': clearSignInLimits,
  },
  USAGE,
);
