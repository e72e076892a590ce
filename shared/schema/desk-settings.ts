/**
 * What admins set on the desk, checked by the server and stored as JSON per name
 * (server/db/desk-settings-repository.ts): each setting's shape, and the value a new
 * installation starts with, so that `npm start` with two counsellors already shares the work.
 */
import { z } from 'zod';
import { languages } from '../languages';
import { courseSlugs } from '../paths';

/**
 * Who a new enquiry goes to: when on, the active counsellors take turns (round-robin),
 * skipping anyone marked away; a counsellor given languages gets only enquiries in those
 * languages, and one given courses only enquiries about those (none given: all). A family
 * that asks again goes back to its counsellor while they are active.
 */
export const assignmentSchema = z.strictObject({ on: z.boolean() });

/** How soon a new enquiry must first be called, in working minutes (the institute's hours and working days). */
export const firstContactSchema = z.strictObject({
  targetMinutes: z
    .number()
    .int('Give the target in whole minutes.')
    .min(5, 'Give a target of at least 5 minutes.')
    .max(3 * 600, 'Give a target of at most three working days (1,800 minutes).'),
});

export const deskSettings = {
  assignment: { schema: assignmentSchema, initial: { on: true } },
  'first-contact': { schema: firstContactSchema, initial: { targetMinutes: 60 } },
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
