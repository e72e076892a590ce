import { useEffect, useRef, useSyncExternalStore } from 'react';
import { paths } from '../../shared/paths';
import { setTrackingConsent, useTrackingConsent } from '../lib/consent';
import { configuredPixelId, loadPixel, unloadPixel } from '../lib/pixel';
import { useLayoutData, useLocalize } from '../lib/use-language';

const noSubscription = () => () => {};

/** The pixel ID on this page, if the pixel is configured (read after hydration). */
export const usePixelId = () => useSyncExternalStore(noSubscription, configuredPixelId, () => undefined);

/**
 * Asks before any tracking, when (and only when) the advertising pixel is configured.
 * Fixed to the bottom of the screen so it moves nothing on the page; the pixel loads
 * only after "Accept", and "Decline" or a withdrawal stops it without a reload.
 */
export function ConsentBanner() {
  const pixelId = usePixelId();
  const { consent, open } = useTrackingConsent();
  const heading = useRef<HTMLHeadingElement>(null);
  const { ui } = useLayoutData();
  const localize = useLocalize();

  useEffect(() => {
    if (!pixelId) return;
    if (consent === 'granted') loadPixel(pixelId);
    else unloadPixel();
  }, [pixelId, consent]);

  // Reopened from the footer: take the keyboard there.
  useEffect(() => {
    if (open) heading.current?.focus();
  }, [open]);

  if (!pixelId || (consent !== null && !open)) return null;
  const c = ui.consent;
  return (
    <section className="consent-banner" aria-labelledby="consent-heading">
      <div className="container consent-banner__inner">
        <div>
          <h2 id="consent-heading" ref={heading} tabIndex={-1}>
            {c.heading}
          </h2>
          <p>
            {c.text} <a href={localize(paths.privacy)}>{ui.privacy.link}</a>
          </p>
        </div>
        <div className="consent-banner__actions">
          <button type="button" className="button button--primary" onClick={() => setTrackingConsent('granted')}>
            {c.accept}
          </button>
          <button type="button" className="button" onClick={() => setTrackingConsent('denied')}>
            {c.decline}
          </button>
        </div>
      </div>
    </section>
  );
}
