/**
 * What admins set on the desk, checked by the server and stored as JSON per name
 * (server/db/desk-settings-repository.ts): each setting's shape, and the value a new
 * installation starts with, so that `npm start` with two counsellors already shares the work.
 */
import { z } from 'zod';
import { text } from './text';
import { instituteHours } from '../institute';
import { languages } from '../languages';
import type { WorkingHours } from '../institute';
import { courseSlugs } from '../courses';
import { FIRST_CALL_TARGET, templatePlaceholders } from './desk-setting-limits';

/**
 * Who a new enquiry goes to: when on, the active counsellors take turns (round-robin),
 * skipping anyone marked away; a counsellor given languages gets only enquiries in those
 * languages, and one given courses only enquiries about those (none given: all). A family
 * that asks again goes back to its counsellor while they are active.
 */
export const assignmentSchema = z.strictObject({ on: z.boolean() });

/**
 * How soon a new enquiry must first be called, in working minutes: the institute's hours and
 * working days (shared/institute.ts instituteHours), less the holidays admins list here.
 */
export const firstContactSchema = z.strictObject({
  targetMinutes: z
    .number()
    .int('Give the target in whole minutes.')
    .min(FIRST_CALL_TARGET.min, `Give a target of at least ${FIRST_CALL_TARGET.min} minutes.`)
    .max(
      FIRST_CALL_TARGET.max,
      `Give a target of at most three working days (${FIRST_CALL_TARGET.max.toLocaleString('en-IN')} minutes).`,
    ),
  holidays: z
    .array(z.iso.date('Give holidays as YYYY-MM-DD.'))
    .max(100, 'List at most 100 holidays.')
    .transform((days) => [...new Set(days)].sort()),
  /** A lead whose first call is overdue goes to the next counsellor by the rules (the admins are told either way). */
  reassignOverdue: z.boolean().default(false),
});

const templateText = text(undefined, { multiline: true })
  .min(1, 'Write the message in both languages.')
  .max(1000, 'A message is at most 1,000 characters.')
  .refine(
    (message) =>
      [...message.matchAll(/\{([^{}]*)\}/g)].every(([, name]) =>
        (templatePlaceholders as readonly string[]).includes(name ?? ''),
      ),
    `Use only these placeholders: ${templatePlaceholders.map((name) => `{${name}}`).join(', ')}.`,
  );

/**
 * The WhatsApp and SMS messages counsellors send from the desk, each in every language (the
 * family's language chooses); a new installation starts with src/content/message-templates.ts's.
 */
export const templatesSchema = z
  .array(
    z.strictObject({
      id: text().regex(/^[a-z0-9-]{1,40}$/, 'An id is lower-case letters, digits and hyphens.'),
      name: text().min(1, 'Name the message.').max(60, 'A name is at most 60 characters.'),
      channel: z.enum(['whatsapp', 'sms'], 'Choose WhatsApp or SMS.'),
      text: z.strictObject({ en: templateText, hi: templateText }),
    }),
  )
  .min(1, 'Keep at least one message.')
  .max(30, 'Keep at most 30 messages.')
  .refine(
    (templates) => new Set(templates.map((each) => each.id)).size === templates.length,
    'Two messages have the same id.',
  );

/**
 * Whether an enquiry's number is proved by a code before it is sent (issue 38). Off by default:
 * the call-back form stays short, and the counsellor calls the number anyway. On, the form asks
 * for the code, a request without one from a script is refused, and the ads hear only of proved
 * leads. (A seat is always booked for a proved number only.)
 */
export const verificationSchema = z.strictObject({ enquiries: z.boolean() });

export const deskSettings = {
  assignment: { schema: assignmentSchema, initial: { on: true } },
  verification: { schema: verificationSchema, initial: { enquiries: false } },
  /** Its initial value is the content's (server/db/desk-settings-repository.ts): words live in src/content. */
  templates: { schema: templatesSchema, initial: undefined },
  'first-contact': {
    schema: firstContactSchema,
    initial: { targetMinutes: 60, holidays: [] as string[], reassignOverdue: false },
  },
} as const;
export type DeskSettingName = keyof typeof deskSettings;
export type DeskSetting<Name extends DeskSettingName> = z.infer<(typeof deskSettings)[Name]['schema']>;

/** What a counsellor takes: the languages they call in and the courses they take (null: all), and whether they are away. */
export const counsellorWorkSchema = z.strictObject({
  away: z.boolean(),
  languages: z.array(z.enum(languages)).min(1, 'Choose at least one language, or all.').nullable(),
  courses: z.array(z.enum(courseSlugs)).min(1, 'Choose at least one course, or all.').nullable(),
});
export type CounsellorWork = z.infer<typeof counsellorWorkSchema>;

/** The desk's working time: the institute's hours and days, less the holidays admins listed. */
export const deskHours = (firstContact: DeskSetting<'first-contact'>): WorkingHours => ({
  ...instituteHours,
  holidays: firstContact.holidays,
});
