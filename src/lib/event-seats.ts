/** The seats still open at each session, asked of the server once a page that shows them runs. */
import { useEffect, useSyncExternalStore } from 'react';
import { paths } from '../../shared/paths';

/** Session id → seats left and whether it takes bookings today; empty until the server has answered. */
export type Seats = ReadonlyMap<string, { seatsLeft: number; open: boolean }>;

const none: Seats = new Map();
let current: Seats = none;
const listeners = new Set<() => void>();
let started = false;

async function load() {
  try {
    const response = await fetch(paths.api.eventSessions, { headers: { Accept: 'application/json' } });
    if (!response.ok) return;
    const { sessions } = (await response.json()) as { sessions: { id: string; seatsLeft: number; open: boolean }[] };
    current = new Map(sessions.map(({ id, seatsLeft, open }) => [id, { seatsLeft, open }]));
    for (const listener of listeners) listener();
  } catch {
    // Offline or the server is away: the page shows what it was rendered with.
  }
}

function start() {
  if (started) return;
  started = true;
  void load();
  // Asked again when the visitor comes back to the tab (a phone's tab may sleep for hours).
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void load();
  });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * The pages are prerendered, so the seats taken are not in them: this asks
 * GET /api/event-sessions once the page runs (`wanted`), and again when the visitor comes back to
 * the tab. One store for the page: the sessions' list and the form read the same answer, each
 * re-rendering only itself (an update passed down as a prop would reach the form before its
 * code has loaded, and React would then drop its prerendered HTML). Without JavaScript nothing
 * is shown, and a full session is refused with the next one offered.
 */
export function useEventSeats(wanted = true): Seats {
  useEffect(() => {
    if (wanted) start();
  }, [wanted]);
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => none,
  );
}
