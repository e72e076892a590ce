/**
 * Who is signed in, for every desk page; signing in and out. The router's guards
 * (main.tsx) ask it before any page loads. When the server says the session has ended,
 * the sign-in page opens with the page that was open (or being opened) as its return path.
 */
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { type DataRouter, useNavigate } from 'react-router';
import { api, whenSignedOut } from './api';
import { signInPath } from './return-path';
import { deskPages, inDesk } from '../../../shared/desk-pages';
import type { StaffMember } from '../../../shared/schema/replies/staff';

/** undefined: not asked yet. */
let known: StaffMember | null | undefined;
let asking: Promise<StaffMember | null> | undefined;
const listeners = new Set<() => void>();

function setStaff(staff: StaffMember | null) {
  known = staff;
  for (const listener of listeners) listener();
}

/** Who is signed in: asks the server once, then remembers (until signing in or out, or the session ends). */
export function currentStaff(): Promise<StaffMember | null> {
  if (known !== undefined) return Promise.resolve(known);
  asking ??= api('GET /me')
    .then(
      (data) => data.staff,
      () => null,
    )
    .then((staff) => {
      asking = undefined;
      setStaff(staff);
      return staff;
    });
  return asking;
}

/** The session ended (an answer said so): back to sign-in, to return to the page open or being opened. */
export function followSessionEnd(router: DataRouter) {
  whenSignedOut(() => {
    setStaff(null);
    const at = router.state.navigation.location ?? router.state.location;
    const from = { pathname: inDesk(at.pathname), search: at.search };
    if (from.pathname !== deskPages.signIn.path) void router.navigate(signInPath(from), { replace: true });
  });
}

/** Signs in (the server checks the password) and tells every page who is signed in now. */
export async function signIn(email: string, password: string): Promise<void> {
  const data = await api('POST /session', { body: { email, password } });
  setStaff(data.staff);
}

type Session = {
  staff: StaffMember | null;
  /** Still asking the server whether a session exists. */
  checking: boolean;
  signOut: () => Promise<void>;
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useSession(): Session {
  const staff = useSyncExternalStore(subscribe, () => known);
  const navigate = useNavigate();

  const signOut = useCallback(async () => {
    // This device rings for nobody once its member signs out (a shared computer, a phone handed on).
    await import('./push').then(({ forgetThisDevice }) => forgetThisDevice()).catch(() => {});
    await api('DELETE /session').catch(() => {});
    setStaff(null);
    navigate(deskPages.signIn.path, { replace: true });
  }, [navigate]);

  return useMemo(() => ({ staff: staff ?? null, checking: staff === undefined, signOut }), [staff, signOut]);
}
