/**
 * Versions published before the scholarship test and the demo class (issue 27), before the
 * scholarship was described (issue 36), or between two steps that added the events' words (the
 * registrant's reminder, the emails, the one-time codes, "find my booking", issue 38): each part
 * they lack is added as the starting content has it, and every key the events' words have gained
 * since is filled in, at any depth, keeping what the version says. This is what the editor's
 * fill (`withNewWords`) and the pages' reads from the starting content did before upgrades.
 */
import type { ContentUpgrade, Json } from './upgrade';
import { isJson } from './upgrade';

/** `stored` with every key `starting` has and it lacks, at any depth (lists are taken whole). */
function withMissing(stored: Json, starting: Json): Json {
  const result: Json = { ...stored };
  for (const [key, value] of Object.entries(starting)) {
    const own = stored[key];
    if (own === undefined) result[key] = value;
    else if (isJson(own) && isJson(value)) result[key] = withMissing(own, value);
  }
  return result;
}

export const upgrade: ContentUpgrade = {
  name: '001-events-and-scholarship',
  up(document, starting) {
    const copy: Json = { ...(document.copy as Json) };
    for (const [language, words] of Object.entries(copy)) {
      const from = (starting.copy as Json)[language];
      if (!isJson(words) || !isJson(from)) continue;
      const grown: Json = { ...words };
      if (isJson(from.events))
        grown.events = isJson(words.events) ? withMissing(words.events, from.events) : from.events;
      if (words.scholarship === undefined && from.scholarship !== undefined) grown.scholarship = from.scholarship;
      copy[language] = grown;
    }
    const institute: Json = { ...(document.institute as Json) };
    const startingInstitute = starting.institute as Json;
    for (const key of ['scholarship', 'eventSessions'] as const)
      if (institute[key] === undefined && startingInstitute[key] !== undefined) institute[key] = startingInstitute[key];
    return { ...document, copy, institute };
  },
};
