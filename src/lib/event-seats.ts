/** The seats still open at each session, asked of the server once the page is running. */
import { useEffect, useState } from 'react';
import { paths } from '../../shared/paths';

/** Session id → seats left and whether it takes bookings today; empty until the server has answered. */
export type Seats = ReadonlyMap<string, { seatsLeft: number; open: boolean }>;

const none: Seats = new Map();

/**
 * The pages are prerendered, so the seats taken are not in them: this asks
 * GET /api/event-sessions when the page starts (and again when the visitor comes back to the
 * tab). Without JavaScript nothing is shown, and a full session is refused with the next one
 * offered (server/routes/enquiries.ts).
 */
export function useEventSeats(): Seats {
  const [seats, setSeats] = useState<Seats>(none);
  useEffect(() => {
    let stopped = false;
    const load = async () => {
      try {
        const response = await fetch(paths.api.eventSessions, { headers: { Accept: 'application/json' } });
        if (!response.ok) return;
        const { sessions } = (await response.json()) as {
          sessions: { id: string; seatsLeft: number; open: boolean }[];
        };
        if (!stopped) setSeats(new Map(sessions.map(({ id, seatsLeft, open }) => [id, { seatsLeft, open }])));
      } catch {
        // Offline or the server is away: the page shows what it was rendered with.
      }
    };
    void load();
    const onVisible = () => {
      if (document.visibilityState === 'visible') void load();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);
  return seats;
}
