/**
 * What admins set on the desk: assignment, the first call, the messages, and the options lists.
 */
import { z } from 'zod';
import {
  assignmentSchema,
  counsellorWorkSchema,
  firstContactSchema,
  templatesSchema,
  verificationSchema,
} from '../desk-settings';
import type { Endpoints } from '../endpoint';
import { errorReply, fieldErrorReply, idParams, storedText } from './common';
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

/** What the desk reads of them. */
export type Options = z.output<typeof optionsReply>;
export type Option = Options['courses'][number];
export type AssignmentReply = z.output<typeof assignmentReply>;
export type FirstContactReply = z.output<typeof firstContactReply>;
export type TemplatesReply = z.output<typeof templatesReply>;

/**
 * The desk's settings: what its forms choose from, and the Leads page's (sharing the work, the
 * first call, the messages, proving a number; server/routes/desk/assignment.ts, messages.ts,
 * enquiries.ts). The server checks each setting's body against its own schema, and names the field it refuses.
 */
export const settingEndpoints = {
  /** The courses, statuses and members the desk's forms choose from. */
  'GET /options': { access: 'enquiries', response: { 200: optionsReply, '4xx': errorReply } },
  'GET /assignment': { access: 'admin', response: { 200: assignmentReply, '4xx': errorReply } },
  'PUT /assignment': {
    access: 'admin',
    body: assignmentSchema,
    response: { 200: assignmentReply, '4xx': errorReply },
  },
  'GET /settings/first-contact': { access: 'admin', response: { 200: firstContactReply, '4xx': errorReply } },
  'PUT /settings/first-contact': {
    access: 'admin',
    body: firstContactSchema,
    response: { 200: firstContactReply, '4xx': fieldErrorReply },
  },
  'GET /settings/templates': { access: 'admin', response: { 200: templatesReply, '4xx': errorReply } },
  'PUT /settings/templates': {
    access: 'admin',
    body: z.object({ templates: templatesSchema }),
    response: { 200: templatesReply, '4xx': fieldErrorReply },
  },
  'GET /settings/verification': { access: 'admin', response: { 200: verificationSchema, '4xx': errorReply } },
  'PUT /settings/verification': {
    access: 'admin',
    body: verificationSchema,
    response: { 200: verificationSchema, '4xx': fieldErrorReply },
  },
  /** One counsellor's work: their courses, languages and hours. */
  'PUT /accounts/:id/work': {
    access: 'admin',
    params: idParams,
    body: counsellorWorkSchema,
    response: { 200: z.object({ staff: staffMember }), '4xx': fieldErrorReply },
  },
} as const satisfies Endpoints;
