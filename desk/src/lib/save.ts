/**
 * Saving through the page's route action, with a fetcher of the router's own (useFetcher). A
 * page's handler sends what to save (JSON) to its route's action and waits until the action has
 * answered and the page shows its loaders' new data; then it has the action's outcome, to say
 * "Saved." or why not. The outcome is the fetcher's data, which the router keeps while the page
 * is open.
 */
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { type ActionFunctionArgs, type SubmitTarget, useFetcher } from 'react-router';

type Body = Record<string, string | number | boolean | null | Record<string, unknown>>;

/** A route action taking what a page sent (and the route's parameters) and answering with its outcome. */
export function saveAction<Sent extends Body, Outcome>(
  save: (sent: Sent, args: ActionFunctionArgs) => Promise<Outcome>,
) {
  return async (args: ActionFunctionArgs): Promise<Outcome> => save((await args.request.json()) as Sent, args);
}

/**
 * Sends to the page's action; answers once the page shows its new data, with the action's
 * outcome (undefined if the action failed: the page's error shows). Each call of this hook has a
 * fetcher of its own, so the enquiry page's call and its work save side by side. Two saves
 * through one hook go one after the other: a fetcher sent again drops the answer to the first,
 * and a door's second scan must not lose the first one's "not registered".
 */
export function useSave<Sent extends Body, Outcome>(): (sent: Sent) => Promise<Outcome | undefined> {
  const fetcher = useFetcher();
  const { submit } = fetcher;
  const data = fetcher.data as Outcome | undefined;
  /** The handler waiting for the submission in flight. */
  const waiting = useRef<(outcome: Outcome | undefined) => void>(undefined);
  /** The last save sent: the next one goes when it has its answer. */
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  /** How many submissions the router has answered, and how many of those their handlers have had. */
  const [answered, setAnswered] = useState(0);
  const told = useRef(0);

  // After each answer, once React shows it (the fetcher's data, the loaders' new data), the
  // waiting handler has the outcome. The data can show a render before: only the count says when.
  useEffect(() => {
    if (answered === told.current) return;
    told.current = answered;
    const answer = waiting.current;
    waiting.current = undefined;
    answer?.(data);
  }, [answered, data]);

  return useCallback(
    (sent: Sent) => {
      const saved = queue.current.then(
        () =>
          new Promise<Outcome | undefined>((resolve) => {
            waiting.current = resolve;
            // The router answers once the action has run and the loaders have run again. Its render
            // is a transition; the count goes in one too, so it shows with (or after) it.
            // A page's Body is JSON; the router's JSON type does not take its nested records as typed.
            void submit(sent as SubmitTarget, { method: 'post', encType: 'application/json' }).then(() =>
              startTransition(() => setAnswered((count) => count + 1)),
            );
          }),
      );
      queue.current = saved;
      return saved;
    },
    [submit],
  );
}
