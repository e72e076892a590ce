import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { trackPageView } from './pixel';

/**
 * Sends a pixel PageView on every client-side route change.
 *
 * The first page load is not sent from here: the pixel's base code already counts
 * it (and its own history listener is switched off with `disablePushState`), so
 * each page a visitor sees is counted exactly once.
 */
export function usePageViewTracking(): void {
  const { pathname } = useLocation();
  const lastTracked = useRef(pathname);

  useEffect(() => {
    if (lastTracked.current === pathname) return;
    lastTracked.current = pathname;
    trackPageView();
  }, [pathname]);
}
