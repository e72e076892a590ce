/**
 * Saving through the page's route action. A page's handler sends what to save (JSON) to
 * its route's action and waits until the action has answered and the page's loaders have
 * run again (revalidation); then it has the action's outcome, to say "Saved." or why not.
 */
import { useCallback } from 'react';
import { type ActionFunctionArgs, useSubmit } from 'react-router';

type Body = Record<string, string | number | boolean | null | Record<string, unknown>>;

/** Each submission's outcome, by its key, until the handler that sent it reads it. */
const outcomes = new Map<string, unknown>();
let submissions = 0;

/** A route action taking what a page sent (and the route's parameters) and answering with its outcome. */
export function saveAction<Sent extends Body, Outcome>(
  save: (sent: Sent, args: ActionFunctionArgs) => Promise<Outcome>,
) {
  return async (args: ActionFunctionArgs): Promise<Outcome> => {
    const { key, ...sent } = (await args.request.json()) as Sent & { key: string };
    const outcome = await save(sent as unknown as Sent, args);
    outcomes.set(key, outcome);
    return outcome;
  };
}

/** Sends to the page's action; answers once the page has its new data, with the action's outcome. */
export function useSave<Sent extends Body, Outcome>(): (sent: Sent) => Promise<Outcome | undefined> {
  const submit = useSubmit();
  return useCallback(
    async (sent: Sent) => {
      submissions += 1;
      const key = String(submissions);
      await submit({ ...sent, key } as never, { method: 'post', encType: 'application/json', navigate: false });
      const outcome = outcomes.get(key) as Outcome | undefined;
      outcomes.delete(key);
      return outcome;
    },
    [submit],
  );
}
