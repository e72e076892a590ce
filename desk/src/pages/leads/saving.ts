/**
 * What the Leads page's parts send to its action, and what they hear back: done, or the
 * server's words and, when its check knows, the field they are about ('languages',
 * 'templates.0.text.hi'), so that each part shows them at that field.
 */
import { createContext, useContext, useEffect } from 'react';
import { api, ApiError, type Body } from '../../lib/api';

/** Where each setting is saved. */
const settingAddress = {
  assignment: 'PUT /assignment',
  'first-contact': 'PUT /settings/first-contact',
  templates: 'PUT /settings/templates',
  verification: 'PUT /settings/verification',
} as const;
type SettingAddress = (typeof settingAddress)[keyof typeof settingAddress];

/**
 * One setting (its whole value), or one counsellor's work, as the part's form holds it: the
 * server checks it against the setting's own schema and names the field it refuses (a blank
 * target, a course no longer offered), which the part shows at that field.
 */
export type Change =
  | { setting: keyof typeof settingAddress; body: Record<string, unknown> }
  | { work: string; body: Record<string, unknown> };
export type Outcome = { done: true } | { error: string; field?: string };

// The form's values are sent as they are: typed as the schema takes them only once the server has checked them.
const send = ({ body, ...change }: Change) =>
  'work' in change
    ? api('PUT /accounts/:id/work', { params: { id: change.work }, body: body as Body<'PUT /accounts/:id/work'> })
    : api<SettingAddress>(settingAddress[change.setting], { body } as Parameters<typeof api<SettingAddress>>[1]);

export async function put(change: Change): Promise<Outcome> {
  try {
    await send(change);
    return { done: true };
  } catch (caught) {
    return refusal(caught);
  }
}

/** Why a save did not happen: the server's words and the field they are about, or the connection. */
export function refusal(caught: unknown): { error: string; field?: string } {
  if (!(caught instanceof ApiError)) return { error: 'Could not save: is the connection down? Try again.' };
  const { field } = caught.body;
  return typeof field === 'string' ? { error: caught.message, field } : { error: caught.message };
}

/** The error to show at `field` (exactly, or anything inside it), if the last save was refused there. */
export const errorAt = (outcome: Outcome | undefined, field: string) =>
  outcome && 'error' in outcome && (outcome.field === field || outcome.field?.startsWith(`${field}.`))
    ? outcome.error
    : undefined;

/** The error no field of `fields` shows: said beside the part's Save button. */
export const errorElsewhere = (outcome: Outcome | undefined, fields: readonly string[]) =>
  outcome && 'error' in outcome && !fields.some((field) => errorAt(outcome, field)) ? outcome.error : undefined;

/** Where each part of the page says whether it holds changes not saved yet. */
export const Unsaved = createContext<(part: string, unsaved: boolean) => void>(() => {});

/** Tells the page that this part holds unsaved changes (or no longer does). */
export function useUnsaved(part: string, unsaved: boolean) {
  const report = useContext(Unsaved);
  useEffect(() => {
    report(part, unsaved);
    return () => report(part, false);
  }, [report, part, unsaved]);
}
