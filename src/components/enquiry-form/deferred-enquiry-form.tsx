import { lazy, Suspense, useEffect, useRef } from 'react';
// antd's styles are on the page before the form's code is, so the prerendered form is styled at first paint.
import 'virtual:antd.css';
import type { EnquiryFormProps } from './enquiry-form';

/** Opens once, when a form on the page is first needed; then forms render at once. */
let openGate: () => void = () => {};
const gate: Promise<void> =
  typeof document === 'undefined'
    ? Promise.resolve() // prerendering: always render the whole form into the HTML
    : new Promise((resolve) => {
        openGate = resolve;
      });

const EnquiryForm = lazy(() =>
  gate.then(() => import('./enquiry-form')).then((module) => ({ default: module.EnquiryForm })),
);

/** How far below the viewport the form starts loading: about two phone screens. */
const LOAD_MARGIN = '1200px 0px';

/**
 * The enquiry form, with its code (antd Form and friends, the largest chunk of the
 * site) kept off the page's first load.
 *
 * The prerendered HTML already holds the whole form, so it is on screen at once;
 * React leaves that HTML in place and hydrates it when the form's chunk arrives,
 * which starts when the form comes within two screens of view or the visitor
 * touches or focuses it, whichever is first. After a client-side navigation (no
 * prerendered HTML to show) the chunk loads at once.
 */
export function DeferredEnquiryForm(props: EnquiryFormProps) {
  const wrapper = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = wrapper.current;
    if (!element || !element.hasChildNodes() || typeof IntersectionObserver === 'undefined') {
      openGate();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) openGate();
      },
      { rootMargin: LOAD_MARGIN },
    );
    observer.observe(element);
    const events = ['focusin', 'pointerdown', 'touchstart'] as const;
    for (const type of events) element.addEventListener(type, openGate, { once: true, passive: true });
    void gate.then(() => observer.disconnect());
    return () => {
      observer.disconnect();
      for (const type of events) element.removeEventListener(type, openGate);
    };
  }, []);

  return (
    <div ref={wrapper} className="enquiry-form-slot">
      <Suspense fallback={null}>
        <EnquiryForm {...props} />
      </Suspense>
    </div>
  );
}
