/**
 * One-time codes that prove a family can answer its phone (issue 38). A code is six digits,
 * lives CODE_LIMITS.minutes, takes CODE_LIMITS.tries guesses (counted before each comparison, so
 * guesses in parallel get no more), and is kept only as an HMAC under the server's key. A number,
 * an address and its network (/24 or /64) each get a few codes an hour, and a number waits
 * between two: counted in the database, so two instances keep one count. The right code gives a
 * proof: the code's id and a MAC, good for CODE_LIMITS.proofMinutes, that a booking or a lookup
 * then presents for that number (proved). The same code again, while it lives and has
 * guesses left, gives the same proof: a retry after a lost answer is not refused.
 */
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  randomInt,
  randomUUID,
  timingSafeEqual,
} from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import type { Language } from '../../shared/languages';
import { type Kysely, sql } from 'kysely';
import type { Db } from '../db/database';
import type { Database, ProvedBy } from '../db/schema';
import { siteKey } from '../site-secrets';
import type { CodeSender } from './senders';

export const CODE_LIMITS = {
  digits: 6,
  minutes: 10,
  tries: 5,
  /** Between two codes to one number. */
  resendSeconds: 30,
  perPhonePerHour: 5,
  /** The defaults of PHONE_CODE_LIMIT_PER_ADDRESS and PHONE_CODE_LIMIT_PER_NETWORK (server/config.ts). */
  perAddressPerHour: 10,
  /** A mobile network's addresses are shared by many families (carrier-grade NAT). */
  perNetworkPerHour: 60,
  proofMinutes: 30,
} as const;

const HOUR_MS = 60 * 60 * 1000;
/**
 * A code the provider did not take is tried again after these many seconds (a family is waiting:
 * the first try is at once, in the request), then given up; all within the code's life.
 */
export const RESEND_DELAYS_S = [5, 20, 60, 180] as const;
const MAC_LENGTH = 22;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The network an address is in, as the limits count it: its /24 (IPv4) or /64 (IPv6). */
export function networkOf(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const ip = mapped ?? address;
  if (isIPv4(ip)) return `${ip.split('.').slice(0, 3).join('.')}.0/24`;
  if (isIPv6(ip)) {
    const [head = '', tail = ''] = ip.toLowerCase().split('::');
    const front = head ? head.split(':') : [];
    const back = ip.includes('::') ? (tail ? tail.split(':') : []) : [];
    const groups = [...front, ...Array(8 - front.length - back.length).fill('0'), ...back];
    return `${groups
      .slice(0, 4)
      .map((group) => group.replace(/^0+(?=.)/, ''))
      .join(':')}::/64`;
  }
  return ip;
}

export type CodeRequest = { phone: string; address: string; language: Language; now?: Date };
export type Requested =
  /**
   * A code was made; `sent` says whether the provider took it. If not, `retrying` says it is sent
   * again in a moment (RESEND_DELAYS_S); when it is not, the family may ask again at once.
   */
  | {
      outcome: 'sent';
      id: string;
      channel: CodeSender['channel'];
      sent: boolean;
      retrying: boolean;
      expiresAt: Date;
      resendAt: Date;
    }
  /** Too soon after the last code to this number. */
  | { outcome: 'wait'; retryAfter: number }
  /** Too many codes this hour for the number, the address or its network. */
  | { outcome: 'limited'; retryAfter: number };
/** A number proved by a code: which, when, and by which channel the code went. */
export type ProvedNumber = { phone: string; at: string; by: ProvedBy };
export type Checked =
  | ({ outcome: 'verified'; proof: string; language: string } & ProvedNumber)
  | { outcome: 'wrong'; triesLeft: number; language: string }
  /** Expired, used up, already used, or no such code: one answer for all. */
  | { outcome: 'gone'; language: string | undefined };

export type PhoneCodeOptions = {
  onSendError?: (error: unknown) => void;
  /** Codes an hour from one address, and from its /24 or /64 (CODE_LIMITS' when not given). */
  perAddressPerHour?: number;
  perNetworkPerHour?: number;
};

export function createPhoneCodes(
  database: Db,
  sender: CodeSender,
  {
    onSendError,
    perAddressPerHour = CODE_LIMITS.perAddressPerHour,
    perNetworkPerHour = CODE_LIMITS.perNetworkPerHour,
  }: PhoneCodeOptions = {},
) {
  const { db } = database;
  const keyOf = siteKey(database, 'phone-codes');
  const mac = async (purpose: string, value: string) =>
    createHmac('sha256', await keyOf())
      .update(`${purpose}:${value}`)
      .digest('base64url');
  /** The code kept to be sent again: AES-256-GCM under a key of its own, made from the server's. */
  const pendingKey = async () =>
    createHash('sha256')
      .update(`pending-code:${await keyOf()}`)
      .digest();
  const sealed = async (code: string) => {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', await pendingKey(), iv);
    const body = Buffer.concat([cipher.update(code, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  };
  const unsealed = async (value: string) => {
    const bytes = Buffer.from(value, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', await pendingKey(), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  };
  const sameText = (a: string, b: string) => {
    const left = Buffer.from(a);
    const right = Buffer.from(b);
    return left.length === right.length && timingSafeEqual(left, right);
  };

  /** Codes made since `since` for one column's value. */
  const countSince = async (
    trx: Kysely<Database>,
    column: 'phone' | 'address' | 'network',
    value: string,
    since: Date,
  ) =>
    Number(
      (
        await trx
          .selectFrom('phone_codes')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where(column, '=', value)
          .where('created_at', '>=', since.toISOString())
          .executeTakeFirstOrThrow()
      ).count,
    );

  /** When the oldest of the last `limit` codes for the value leaves the hour (seconds from now). */
  const secondsUntilRoom = async (
    trx: Kysely<Database>,
    column: 'phone' | 'address' | 'network',
    value: string,
    now: Date,
    limit: number,
  ) => {
    const rows = await trx
      .selectFrom('phone_codes')
      .select('created_at')
      .where(column, '=', value)
      .where('created_at', '>=', new Date(now.getTime() - HOUR_MS).toISOString())
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
    const oldest = rows.at(-1);
    if (!oldest) return 1;
    return Math.max(1, Math.ceil((Date.parse(oldest.created_at) + HOUR_MS - now.getTime()) / 1000));
  };

  async function request({ phone, address, language, now = new Date() }: CodeRequest): Promise<Requested> {
    const hourAgo = new Date(now.getTime() - HOUR_MS);
    const network = networkOf(address);
    const id = randomUUID();
    const code = String(randomInt(0, 10 ** CODE_LIMITS.digits)).padStart(CODE_LIMITS.digits, '0');
    const expiresAt = new Date(now.getTime() + CODE_LIMITS.minutes * 60_000);
    const codeHash = await mac('code', `${id}:${code}`);
    const pending = await sealed(code);
    // Counted and written in one transaction, one request at a time per network and per number
    // (SQLite: one writer; PostgreSQL: locks taken network first, then number, so none waits in a
    // circle), so requests at once from two instances cannot all pass the same count.
    const refused = await db.transaction().execute(async (trx): Promise<Requested | undefined> => {
      if (database.engine === 'postgres') {
        await sql`select pg_advisory_xact_lock(hashtext(${`phone-codes network ${network}`}))`.execute(trx);
        await sql`select pg_advisory_xact_lock(hashtext(${`phone-codes phone ${phone}`}))`.execute(trx);
      }
      const last = await trx
        .selectFrom('phone_codes')
        .select(['id', 'created_at', 'expires_at', 'sent_at', 'verified_at', 'address', 'channel', 'pending_code'])
        .where('phone', '=', phone)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      // A code on its way (sent, or being sent again) is waited for; one already typed back was
      // the last booking's, not this one's.
      if (last && (last.sent_at !== null || last.pending_code !== null) && last.verified_at === null) {
        const resendAt = Date.parse(last.created_at) + CODE_LIMITS.resendSeconds * 1000;
        const wait = resendAt - now.getTime();
        // Asked again from the same address at once (a double tap, or the request re-sent by the
        // proxy after the instance that sent it died): that code, not a refusal and no second message.
        if (wait > 0 && last.address === address) {
          return {
            outcome: 'sent',
            id: last.id,
            channel: last.channel as CodeSender['channel'],
            sent: last.sent_at !== null,
            retrying: last.sent_at === null,
            expiresAt: new Date(last.expires_at),
            resendAt: new Date(resendAt),
          };
        }
        if (wait > 0) return { outcome: 'wait', retryAfter: Math.ceil(wait / 1000) };
      }
      for (const [column, value, limit] of [
        ['phone', phone, CODE_LIMITS.perPhonePerHour],
        ['address', address, perAddressPerHour],
        ['network', network, perNetworkPerHour],
      ] as const) {
        if ((await countSince(trx, column, value, hourAgo)) >= limit) {
          return { outcome: 'limited', retryAfter: await secondsUntilRoom(trx, column, value, now, limit) };
        }
      }
      // A new code for the number: an older one still being sent again is not sent any more.
      await trx
        .updateTable('phone_codes')
        .set({ pending_code: null, next_send_at: null })
        .where('phone', '=', phone)
        .where('pending_code', 'is not', null)
        .execute();
      await trx
        .insertInto('phone_codes')
        .values({
          id,
          phone,
          code_hash: codeHash,
          address,
          network,
          channel: sender.channel,
          language,
          created_at: now.toISOString(),
          expires_at: expiresAt.toISOString(),
          sent_at: null,
          send_error: null,
          verified_at: null,
          pending_code: pending,
          send_attempts: 0,
          next_send_at: null,
        })
        .execute();
      return undefined;
    });
    if (refused) return refused;
    // At once: a family is waiting for it.
    let sent = true;
    try {
      await sender.send({ phone, code, language, minutes: CODE_LIMITS.minutes });
    } catch (error) {
      sent = false;
      onSendError?.(error);
    }
    await db
      .updateTable('phone_codes')
      .set(
        sent
          ? { sent_at: new Date().toISOString(), pending_code: null, send_attempts: 1 }
          : {
              send_error: 'the provider did not take the message',
              send_attempts: 1,
              // Sent again in a moment (retryUnsent), the family waiting for it.
              next_send_at: new Date(now.getTime() + RESEND_DELAYS_S[0] * 1000).toISOString(),
            },
      )
      .where('id', '=', id)
      .execute();
    return {
      outcome: 'sent',
      id,
      channel: sender.channel,
      sent,
      retrying: !sent,
      expiresAt,
      resendAt: new Date(now.getTime() + CODE_LIMITS.resendSeconds * 1000),
    };
  }

  /**
   * Sends again the codes the provider did not take whose time has come (RESEND_DELAYS_S): each
   * claimed by one instance, sent, and kept no longer once it went or was given up. Resolves to
   * how many were sent. Called every few seconds by each instance (server/plugins/database.ts).
   */
  async function retryUnsent(now = new Date()): Promise<number> {
    const due = await db
      .selectFrom('phone_codes')
      .select(['id', 'phone', 'language', 'pending_code', 'send_attempts', 'next_send_at', 'expires_at'])
      .where('next_send_at', '<=', now.toISOString())
      .where('pending_code', 'is not', null)
      .orderBy('next_send_at')
      .limit(20)
      .execute();
    let sent = 0;
    for (const row of due) {
      const claimed = await db
        .updateTable('phone_codes')
        .set({ next_send_at: null })
        .where('id', '=', row.id)
        .where('next_send_at', '=', row.next_send_at)
        .where('pending_code', 'is not', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1 || !row.pending_code) continue;
      const minutesLeft = Math.floor((Date.parse(row.expires_at) - now.getTime()) / 60_000);
      if (minutesLeft < 1) {
        await db.updateTable('phone_codes').set({ pending_code: null }).where('id', '=', row.id).execute();
        continue;
      }
      const attempts = Number(row.send_attempts) + 1;
      try {
        await sender.send({
          phone: row.phone,
          code: await unsealed(row.pending_code),
          language: row.language === 'hi' ? 'hi' : 'en',
          minutes: minutesLeft,
        });
        await db
          .updateTable('phone_codes')
          .set({ sent_at: new Date().toISOString(), pending_code: null, send_attempts: attempts, send_error: null })
          .where('id', '=', row.id)
          .execute();
        sent += 1;
      } catch (error) {
        onSendError?.(error);
        const delay = RESEND_DELAYS_S[attempts - 1];
        await db
          .updateTable('phone_codes')
          .set({
            send_attempts: attempts,
            send_error: 'the provider did not take the message',
            ...(delay === undefined
              ? { pending_code: null, next_send_at: null }
              : { next_send_at: new Date(now.getTime() + delay * 1000).toISOString() }),
          })
          .where('id', '=', row.id)
          .execute();
      }
    }
    return sent;
  }

  /** For /healthz: codes being sent again now, and codes the provider never took in the last hour. */
  async function sendCounts(now = new Date()) {
    const hourAgo = new Date(now.getTime() - HOUR_MS).toISOString();
    const [retrying, failed] = await Promise.all([
      db
        .selectFrom('phone_codes')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('pending_code', 'is not', null)
        .where('send_attempts', '>', 0)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('phone_codes')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('created_at', '>=', hourAgo)
        .where('sent_at', 'is', null)
        .where('send_error', 'is not', null)
        .where('pending_code', 'is', null)
        .executeTakeFirstOrThrow(),
    ]);
    return { retrying: Number(retrying.n), failedLastHour: Number(failed.n) };
  }

  async function check({ id, code, now = new Date() }: { id: string; code: string; now?: Date }): Promise<Checked> {
    if (!UUID.test(id)) return { outcome: 'gone', language: undefined };
    const row = await db
      .selectFrom('phone_codes')
      .select(['phone', 'code_hash', 'language', 'channel', 'verified_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return { outcome: 'gone', language: undefined };
    const at = now.toISOString();
    // One guess taken before comparing: guesses sent together are counted each. A code already
    // typed back right may come again while it lives (a booking re-sent after its answer was lost,
    // or after the instance that had it died): it gives the same proof, and takes a guess too.
    const claimed = await db
      .updateTable('phone_codes')
      .set((eb) => ({ tries: eb('tries', '+', 1) }))
      .where('id', '=', id)
      .where('tries', '<', CODE_LIMITS.tries)
      .where('expires_at', '>', at)
      .where('sent_at', 'is not', null)
      .returning('tries')
      .executeTakeFirst();
    if (!claimed) return { outcome: 'gone', language: row.language };
    const typed = code.replace(/\s+/g, '');
    if (!sameText(await mac('code', `${id}:${typed}`), row.code_hash)) {
      // The tries this guess left: its own count, whatever the guesses beside it did.
      const triesLeft = CODE_LIMITS.tries - Number(claimed.tries);
      return triesLeft > 0
        ? { outcome: 'wrong', triesLeft, language: row.language }
        : { outcome: 'gone', language: row.language };
    }
    await db
      .updateTable('phone_codes')
      .set({ verified_at: at })
      .where('id', '=', id)
      .where('verified_at', 'is', null)
      .execute();
    return {
      outcome: 'verified',
      proof: `${id}.${(await mac('proof', id)).slice(0, MAC_LENGTH)}`,
      phone: row.phone,
      at: row.verified_at ?? at,
      by: row.channel as ProvedBy,
      language: row.language,
    };
  }

  /** The number a proof proves, when and how, while it is good; undefined for an altered, made-up or old one. */
  async function proved(proof: string, now = new Date()): Promise<ProvedNumber | undefined> {
    const [id, given, ...rest] = proof.split('.');
    if (!id || !given || rest.length > 0 || !UUID.test(id)) return undefined;
    if (!sameText((await mac('proof', id)).slice(0, MAC_LENGTH), given)) return undefined;
    const row = await db
      .selectFrom('phone_codes')
      .select(['phone', 'verified_at', 'channel'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row?.verified_at) return undefined;
    const age = now.getTime() - Date.parse(row.verified_at);
    return age <= CODE_LIMITS.proofMinutes * 60_000
      ? { phone: row.phone, at: row.verified_at, by: row.channel as ProvedBy }
      : undefined;
  }

  return { request, check, proved, retryUnsent, sendCounts };
}

export type PhoneCodes = ReturnType<typeof createPhoneCodes>;

/** A value of a form's body that should be a short text, or undefined. */
const shortText = (value: unknown) => (typeof value === 'string' && value.length <= 200 ? value : undefined);

/** What a form said to prove a number: a proof from an earlier check, or a code typed now. */
export type ProofFields = { numberProof?: unknown; codeId?: unknown; code?: unknown };
export type ProofSent =
  | { outcome: 'proved'; proved: ProvedNumber; proof: string }
  | { outcome: 'wrong'; triesLeft: number; codeId: string }
  | { outcome: 'gone' }
  /** Nothing sent, or a proof of another number or an old one: as if nothing was sent. */
  | { outcome: 'none' };

/** Whether the form proved `phone`: its proof checked, or its code (which takes one of the code's tries). */
export async function proofSent(
  phoneCodes: PhoneCodes,
  fields: ProofFields,
  phone: string,
  now: Date,
): Promise<ProofSent> {
  const proof = shortText(fields.numberProof);
  const byProof = proof ? await phoneCodes.proved(proof, now) : undefined;
  if (proof && byProof?.phone === phone) return { outcome: 'proved', proved: byProof, proof };
  const codeId = shortText(fields.codeId);
  const typed = shortText(fields.code);
  if (!codeId || !typed) return { outcome: 'none' };
  const checked = await phoneCodes.check({ id: codeId, code: typed, now });
  if (checked.outcome === 'verified' && checked.phone === phone) {
    const { phone: proved, at, by } = checked;
    return { outcome: 'proved', proved: { phone: proved, at, by }, proof: checked.proof };
  }
  if (checked.outcome === 'wrong') return { outcome: 'wrong', triesLeft: checked.triesLeft, codeId };
  return { outcome: 'gone' };
}
