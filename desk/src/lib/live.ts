/**
 * The desk keeping itself up to date without a reload: how many notifications the member has
 * unread (the count on the menu), asked every POLL_MS while the tab is visible and at once when it
 * comes back into view; and the page's data reloaded when a new one arrives. Polling a small
 * answer rather than holding a connection open: it works through any proxy, across server
 * instances, and costs a phone nothing while the tab is hidden.
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { mayAccess } from '../../../shared/schema/desk-vocabulary';
import { inDesk } from '../../../shared/desk-pages';
import { countInTitle } from '../components/page-heading';
import { OPEN_MESSAGE, type OpenMessage, soundOn } from './push-message';
import type { UnreadReply } from '../../../shared/schema/replies/notifications';
import { api } from './api';

export const POLL_MS = 15_000;

/** Calls `tick` every `ms` while the tab is visible, and again when it becomes visible. */
export function useWhileVisible(tick: () => void, ms = POLL_MS, enabled = true) {
  const latest = useRef(tick);
  useEffect(() => {
    latest.current = tick;
  }, [tick]);
  useEffect(() => {
    if (!enabled) return;
    let timer: ReturnType<typeof setInterval> | undefined;
    const start = () => {
      clearInterval(timer);
      if (document.visibilityState !== 'visible') return;
      timer = setInterval(() => latest.current(), ms);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') latest.current();
      start();
    };
    start();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [ms, enabled]);
}

/**
 * The member's unread notifications (none for a member who does no enquiry work). When a new
 * one arrives, the page shown reloads its data (`onNew`), so Today lists the new lead.
 */
export function useUnread(role: string | undefined, onNew: () => void, page: string): UnreadReply | undefined {
  const [unread, setUnread] = useState<UnreadReply>();
  const seen = useRef<string | null | undefined>(undefined);
  const enabled = mayAccess(role, 'enquiries');
  const ask = () => {
    api('GET /notifications/unread')
      .then((answer) => {
        if (seen.current !== undefined && answer.latest !== seen.current) {
          onNew();
          // The member's choice on this device (the Notifications page); the tones' code loads only then.
          if (soundOn()) void import('./push').then(({ ring }) => ring());
        }
        seen.current = answer.latest;
        setUnread(answer);
        countInTitle(answer.unread);
      })
      .catch(() => {});
  };
  // Asked every POLL_MS (`ask` reads the latest `onNew` when it runs), and at once on each page
  // opened (opening an enquiry reads what told the member of it).
  useWhileVisible(ask, POLL_MS, enabled);
  const latestAsk = useRef(ask);
  latestAsk.current = ask;
  useEffect(() => {
    if (enabled) latestAsk.current();
  }, [page, enabled]);
  // Signed out (the sign-in page), or a member who does no enquiry work: no count in the title.
  useEffect(() => {
    if (!enabled) countInTitle(0);
    return () => countInTitle(0);
  }, [enabled]);
  return enabled ? unread : undefined;
}

/**
 * A notification tapped with the desk open: the service worker (sw.ts) asks this window to open
 * the enquiry, and the desk's router does (a page with unsaved work asks first, as for any link).
 */
export function useOpenFromNotification() {
  const navigate = useNavigate();
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const onMessage = (event: MessageEvent<Partial<OpenMessage> | undefined>) => {
      if (event.data?.type === OPEN_MESSAGE && typeof event.data.url === 'string')
        void navigate(inDesk(event.data.url));
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [navigate]);
}

/** The page's loaders run again (React Router), unless they are already running. */
export function useReload() {
  const revalidator = useRevalidator();
  return () => {
    if (revalidator.state === 'idle') void revalidator.revalidate();
  };
}
