import { type Kysely, sql } from 'kysely';
import { languages } from '../../../shared/languages';
import { earlierDefaults, messageTemplates } from '../../../src/content/server-words';

/**
 * The desk's messages as an installation saved them (desk_settings 'templates') move to today's
 * defaults (src/content/message-templates.ts: the fee with its period, "Next batch: …", the words
 * the glossary keeps) where a text is still, exactly, a default it started with
 * (`earlierDefaults`): nobody edited it. A text an admin wrote or changed is kept as it is, and
 * so is an installation that never saved its messages (it reads today's defaults already).
 * Nothing else in the row changes; `down` leaves the words as they are.
 */
export async function updateUneditedTemplates(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ value: string }>`select value from desk_settings where name = 'templates'`.execute(db);
  const [row] = rows;
  if (!row) return;
  let saved: unknown;
  try {
    saved = JSON.parse(row.value);
  } catch {
    return; // Not JSON: read as the defaults already (desk-settings-repository.ts).
  }
  if (!Array.isArray(saved)) return;
  let changed = false;
  const updated = saved.map((template: unknown) => {
    if (!template || typeof template !== 'object') return template;
    const { id, text } = template as { id?: unknown; text?: unknown };
    const today = messageTemplates.find((each) => each.id === id);
    const before = typeof id === 'string' ? earlierDefaults[id] : undefined;
    if (!today || !before || !text || typeof text !== 'object') return template;
    const words = { ...(text as Record<string, unknown>) };
    for (const language of languages) {
      if (before[language].includes(words[language] as string)) {
        words[language] = today.text[language];
        changed = true;
      }
    }
    return { ...template, text: words };
  });
  if (changed) {
    await sql`update desk_settings set value = ${JSON.stringify(updated)} where name = 'templates'`.execute(db);
  }
}

export const up = updateUneditedTemplates;

export async function down(): Promise<void> {}
