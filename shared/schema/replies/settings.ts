/**
 * What admins set on the desk: assignment, the first call, the messages, and the options lists.
 */
import { z } from 'zod';
import { assignmentSchema } from '../desk-settings';
import { storedText } from './common';
import { staffMember } from './staff';

/** GET and PUT /api/staff/assignment. */
export const assignmentReply = z.object({
  rules: assignmentSchema,
  counsellors: z.array(staffMember),
});

/** GET and PUT /api/staff/settings/first-contact. */
export const firstContactReply = z.object({
  targetMinutes: z.number(),
  holidays: z.array(storedText()),
  reassignOverdue: z.boolean(),
});

/** GET and PUT /api/staff/settings/templates: the messages as admins keep them. */
export const templatesReply = z.object({
  templates: z.array(
    z.object({
      id: storedText(),
      name: storedText(),
      channel: z.enum(['whatsapp', 'sms']),
      text: z.object({ en: storedText(), hi: storedText() }),
    }),
  ),
});

/** GET /api/staff/options. */
const option = z.object({ value: storedText(), label: storedText() });

export const optionsReply = z.object({
  team: z.array(staffMember.pick({ id: true, name: true, role: true })),
  /** Each course with its fee as the live content says it (rupees, GST included; what an enrolment is worth). */
  courses: z.array(option.extend({ fee: z.number().optional() })),
  classLevels: z.array(option),
  enquirers: z.array(option),
  languages: z.array(option),
  sources: z.array(storedText()),
});
