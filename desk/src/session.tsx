/**
 * Who is signed in, for every desk page; signing in and out. When the server says the
 * session has ended, the sign-in page opens with the page that was open as its return path.
 */
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useEffectEvent,
  useMemo,
  useState,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import { api, type StaffMember, whenSignedOut } from './api';
import { signInPath } from './return-path';

type Session = {
  staff: StaffMember | null;
  /** Still asking the server whether a session exists. */
  checking: boolean;
  signIn: (email: string, password: string) => Promise<void>;
  signOut: () => Promise<void>;
};

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [staff, setStaff] = useState<StaffMember | null>(null);
  const [checking, setChecking] = useState(true);
  const navigate = useNavigate();
  const location = useLocation();
  /** The session ended (an answer said so): back to sign-in, to return here after. */
  const signedOut = useEffectEvent(() => {
    setStaff(null);
    navigate(signInPath(location), { replace: true });
  });

  useEffect(() => {
    whenSignedOut(signedOut);
    api<{ staff: StaffMember }>('/me')
      .then((data) => setStaff(data.staff))
      .catch(() => setStaff(null))
      .finally(() => setChecking(false));
  }, [navigate]);

  const signIn = useCallback(async (email: string, password: string) => {
    const data = await api<{ staff: StaffMember }>('/session', { method: 'POST', body: { email, password } });
    setStaff(data.staff);
  }, []);

  const signOut = useCallback(async () => {
    await api('/session', { method: 'DELETE' }).catch(() => {});
    setStaff(null);
    navigate('/sign-in', { replace: true });
  }, [navigate]);

  const value = useMemo(() => ({ staff, checking, signIn, signOut }), [staff, checking, signIn, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}
