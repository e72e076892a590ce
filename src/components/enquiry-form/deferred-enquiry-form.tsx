import { lazy, memo, Suspense, useCallback, useEffect, useRef } from 'react';
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

/** What a visitor does first with a form they mean to fill in: point at it, touch it or tab into it. */
const INTENT_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const;

/**
 * The enquiry form, with its code (antd Form and friends, the largest chunk of the
 * site) kept off the page's first load.
 *
 * The prerendered HTML already holds the whole form, so it is on screen at once and
 * can be typed into; React leaves that HTML in place and hydrates it when the form's
 * chunk arrives. The download starts when the visitor first points at, touches or
 * focuses the form (or submits it), not when it scrolls into view: on /contact the
 * form is near the top, and a phone would otherwise spend its page load on code
 * nobody has asked for. Anything typed before the code is ready is kept, and a submit
 * before then is held and replayed once the form is ready, so it is validated like
 * any other. After a client-side navigation (no prerendered HTML to show) the chunk
 * loads at once.
 *
 * Memoized: a page that re-renders (the events' pages, when the seats arrive) must not pass the
 * form an update before its code has loaded, or React would drop the prerendered form and show
 * nothing until then.
 */
export const DeferredEnquiryForm = memo(function DeferredEnquiryForm(props: EnquiryFormProps) {
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
    // No prerendered form to show (a client-side navigation), or the visitor reached for it
    // before the page's code had run (this effect is when listening starts).
    if (!element.querySelector('form') || element.contains(document.activeElement) || element.matches(':hover')) {
      openGate();
      return () => element.removeEventListener('submit', holdSubmit);
    }
    // Listened for on window, in the capture phase: React's own listener on the document
    // stops these events from reaching anything inside a part of the page it has not
    // hydrated yet (the form, until its code arrives), so the form never hears them.
    const onIntent = (event: Event) => {
      if (event.target instanceof Node && element.contains(event.target)) openGate();
    };
    const options = { capture: true, passive: true };
    for (const type of INTENT_EVENTS) window.addEventListener(type, onIntent, options);
    const stopListening = () => {
      for (const type of INTENT_EVENTS) window.removeEventListener(type, onIntent, options);
    };
    void gate.then(stopListening);
    return () => {
      element.removeEventListener('submit', holdSubmit);
      stopListening();
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
});
