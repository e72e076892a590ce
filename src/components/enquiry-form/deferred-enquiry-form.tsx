import { lazy, Suspense, useCallback, useEffect, useRef } from 'react';
import { preload } from 'react-dom';
import antdCssHref from 'virtual:antd-css-href';
import type { EnquiryFormProps, EnquiryValues } from './enquiry-form';

/**
 * Prerendering must write the whole form into the HTML, not a Suspense placeholder
 * revealed by a script (invisible without JavaScript): on the server the form is
 * imported up front and rendered directly. Client builds drop this line.
 */
const prerendered = import.meta.env.SSR ? await import('./enquiry-form') : undefined;

/** Opens once, when a form on the page is first needed; then forms render at once. */
let openGate: () => void = () => {};
const gate = new Promise<void>((resolve) => {
  openGate = resolve;
});

/** The <form>'s id: FORM_NAME in enquiry-form.tsx (not imported, so its module stays lazy). */
const FORM_ID = 'enquiry-form';

/** Non-empty fields of the prerendered form, read just before React takes it over. */
let typedBeforeReady: Partial<EnquiryValues> | undefined;

const getTypedBeforeReady = () => typedBeforeReady;

function readTypedValues(): Partial<EnquiryValues> | undefined {
  const form = document.getElementById(FORM_ID);
  if (!(form instanceof HTMLFormElement)) return undefined;
  const values: Record<string, string | boolean> = {};
  for (const [name, value] of new FormData(form)) {
    if (typeof value === 'string' && value.trim() !== '') {
      values[name] = name === 'consent' || name === 'studentUnder18' ? true : value;
    }
  }
  return Object.keys(values).length > 0 ? (values as Partial<EnquiryValues>) : undefined;
}

const EnquiryForm =
  prerendered?.EnquiryForm ??
  lazy(() =>
    gate
      .then(() => import('./enquiry-form'))
      .then((module) => {
        typedBeforeReady = readTypedValues();
        return { default: module.EnquiryForm };
      }),
  );

/** How far below the viewport the form starts loading: about half a phone screen. */
const LOAD_MARGIN = '400px 0px';

/**
 * The enquiry form, with its code (antd Form and friends, the largest chunk of the
 * site) kept off the page's first load.
 *
 * The prerendered HTML already holds the whole form, so it is on screen at once and
 * can be typed into; React leaves that HTML in place and hydrates it when the form's
 * chunk arrives, which starts when the form comes within half a screen of view or the
 * visitor touches or focuses it, whichever is first. Anything typed before then is
 * kept, and a submit before then is held and replayed once the form is ready, so it
 * is validated like any other. After a client-side navigation (no prerendered HTML
 * to show) the chunk loads at once.
 */
export function DeferredEnquiryForm(props: EnquiryFormProps) {
  // Fetched from <head>, ahead of the scripts, so the stylesheet below is there when the parser reaches it.
  preload(antdCssHref, { as: 'style' });
  const wrapper = useRef<HTMLDivElement>(null);
  const ready = useRef(false);
  const heldSubmit = useRef(false);

  const onReady = useCallback(() => {
    ready.current = true;
    if (heldSubmit.current) {
      heldSubmit.current = false;
      wrapper.current?.querySelector('form')?.requestSubmit();
    }
  }, []);

  useEffect(() => {
    const element = wrapper.current;
    if (!element) return;
    // Until the form's code has run, a submit would reload the page: hold it instead.
    const holdSubmit = (event: Event) => {
      if (ready.current) return;
      event.preventDefault();
      heldSubmit.current = true;
      openGate();
    };
    element.addEventListener('submit', holdSubmit);
    if (!element.querySelector('form') || typeof IntersectionObserver === 'undefined') {
      openGate();
      return () => element.removeEventListener('submit', holdSubmit);
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
      element.removeEventListener('submit', holdSubmit);
      observer.disconnect();
      for (const type of events) element.removeEventListener(type, openGate);
    };
  }, []);

  return (
    <div ref={wrapper} className="enquiry-form-slot">
      {/* antd's styles, linked here rather than in <head>: the browser paints everything above
          at once and holds only the form until they arrive, styled before its code loads. */}
      <link rel="stylesheet" href={antdCssHref} />
      <Suspense fallback={null}>
        <EnquiryForm {...props} onReady={onReady} typedBeforeReady={getTypedBeforeReady} />
      </Suspense>
    </div>
  );
}
