/**
 * The words for an enquiry problem, in the visitor's language: the field's own
 * message when its copy has one (src/content/<language>/form.ts), otherwise antd's
 * default message for that rule from antd's locale for the language ("Please enter
 * {label}" / "कृपया {label} दर्ज करें"). The form shows antd's messages through the
 * same locale, and the server (no JavaScript, or an API client) builds its answer
 * here, so a mistake reads the same everywhere.
 */
import enUS from 'antd/locale/en_US.js';
import hiIN from 'antd/locale/hi_IN.js';
import type { Locale } from 'antd/lib/locale';
import type { Language } from '../languages';
import { type EnquiryFieldName, limits, type ProblemCode } from './enquiry';

/** antd's locale files are CommonJS; some loaders (Node's own ESM) hand over the module object itself. */
const unwrap = (module: Locale | { default: Locale }): Locale => ('locale' in module ? module : module.default);

export const antdLocales: Record<Language, Locale> = { en: unwrap(enUS), hi: unwrap(hiIN) };

/** antd's templates use ${name}. */
const fillAntd = (template: string | (() => string) | undefined, values: Record<string, string | number>) =>
  (typeof template === 'function' ? template() : (template ?? '')).replace(/\$\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );

/** What a message needs of the form's words (en/form.ts and hi/form.ts in src/content): each field's label and its own messages. */
export type FieldWords = {
  fields: Record<EnquiryFieldName, { label: string; messages?: Partial<Record<ProblemCode, string>> }>;
};

export function enquiryMessage(
  language: Language,
  words: FieldWords,
  field: EnquiryFieldName,
  code: ProblemCode,
): string {
  const fieldWords = words.fields[field];
  const own = fieldWords.messages?.[code];
  if (own) return own;
  const label = fieldWords.label;
  const templates = antdLocales[language].Form?.defaultValidateMessages;
  if (code === 'tooLong') {
    const max = field in limits ? limits[field as keyof typeof limits] : 0;
    return fillAntd(templates?.string?.max, { label, max });
  }
  if (code === 'invalid' && field === 'email') return fillAntd(templates?.types?.email, { label, type: 'email' });
  return fillAntd(templates?.required, { label });
}
