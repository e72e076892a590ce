import {
  lazy,
  memo,
  type RefObject,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import antdCssHref from 'virtual:antd-css-href';
import antdCss from 'virtual:antd.css?inline';
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

/**
 * antd's styles for the form. A prerendered page with a form carries them inline, in <head> (React
 * hoists the <style> there: no request of their own, and parsed before the page, not in its
 * middle); the browser's copy of this module has no text for them, and React keeps the one the
 * HTML has (found by its href) for the rest of the visit. Where no page had them yet, a form that a
 * client-side navigation brings links the same CSS as a file, which React puts in <head> too.
 */
const ANTD_STYLE = 'antd-form-styles';
const inlineAntdCss = import.meta.env.SSR ? antdCss : '';
/** Whether this document has the styles inline (the page it was loaded with had a form). */
const inlineStylesHere = () =>
  import.meta.env.SSR || document.querySelector(`style[data-href~="${ANTD_STYLE}"]`) !== null;

/** The <form>'s id: FORM_NAME in enquiry-form.tsx (not imported, so its module stays lazy). */
const FORM_ID = 'enquiry-form';

/** Non-empty fields of the prerendered form, read just before React hydrates it (which empties them). */
let typedBeforeHydration: Partial<EnquiryValues> | undefined;

/** The non-empty fields of a form, as the enquiry form's values. */
function typedValues(form: Element | null | undefined): Partial<EnquiryValues> | undefined {
  if (!(form instanceof HTMLFormElement)) return undefined;
  const values: Record<string, string | boolean> = {};
  for (const [name, value] of new FormData(form)) {
    if (typeof value === 'string' && value.trim() !== '') {
      values[name] = name === 'consent' || name === 'studentUnder18' ? true : value;
    }
  }
  return Object.keys(values).length > 0 ? (values as Partial<EnquiryValues>) : undefined;
}

/** Resolves at the next chance to try the download again (set while one is awaited). */
let retryNow: (() => void) | undefined;
/** Told each time a download fails. */
const failureListeners = new Set<() => void>();

/**
 * The form's code. A failed download (the signal dropped) is tried again when the browser is
 * back online or the visitor next reaches for the form, instead of failing: a lazy component
 * that fails throws to the route's error boundary, which would replace the whole page, and stays
 * failed for good. Meanwhile the prerendered form stays (and posts without its code).
 */
async function loadFormCode() {
  for (;;) {
    try {
      return await import('./enquiry-form');
    } catch {
      const nextChance = new Promise<void>((resolve) => {
        retryNow = resolve;
        window.addEventListener('online', () => resolve(), { once: true });
      });
      for (const listener of failureListeners) listener();
      await nextChance;
      retryNow = undefined;
    }
  }
}

/** Another try at the form's code, if a failed one is waiting for its next chance. */
const retryFormCode = () => retryNow?.();

const EnquiryForm =
  prerendered?.EnquiryForm ??
  lazy(() =>
    gate.then(loadFormCode).then((module) => {
      typedBeforeHydration = typedValues(document.getElementById(FORM_ID));
      return { default: module.EnquiryForm };
    }),
  );

/** Nothing has the focus: what had it was taken off the page. */
const focusWasLost = () => document.activeElement === null || document.activeElement === document.body;

/** What a visitor does first with a form they mean to fill in: point at it, touch it or tab into it. */
const INTENT_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const;

/**
 * What stands in the form's place until its code has rendered it, when React has had to let go of
 * the prerendered form (see DeferredEnquiryForm): that same form, its nodes put back as they were,
 * with what was typed in them and the focus where it was. It also starts the code's download.
 */
function KeptForm({ nodes, focused }: { nodes: RefObject<Node[]>; focused: RefObject<HTMLElement | null> }) {
  const host = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = host.current;
    if (!element) return;
    for (const node of nodes.current) if (node.parentNode !== element) element.append(node);
    const field = focused.current;
    if (field && element.contains(field) && focusWasLost()) field.focus({ preventScroll: true });
    openGate();
  }, [nodes, focused]);
  return <div ref={host} className="enquiry-form-kept" />;
}

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
 * The prerendered form stays whatever happens before its code has arrived:
 * - An update that reaches the form's Suspense boundary before it has hydrated makes React drop
 *   the prerendered HTML and render the boundary's fallback instead. A change of any context above
 *   the boundary does that, and the router's location is one: a tap on the page's own "Enquire
 *   now" (`#enquiry`), the skip link, or Back to another hash. The fallback is that same form
 *   (KeptForm), and it starts the code's download.
 * - Nothing else updates the boundary: the component is memoized, and the boundary's element is
 *   made once per set of props, so this component's own state leaves it alone.
 * - A download that fails (no signal) is tried again, online or at the next touch (loadFormCode).
 *   A submit while the code cannot be had is sent by the browser, as without JavaScript, when it
 *   is online; offline, it waits, says why, and goes when the code or the network is back.
 */
export const DeferredEnquiryForm = memo(function DeferredEnquiryForm(props: EnquiryFormProps) {
  const [stylesInline] = useState(inlineStylesHere);
  const wrapper = useRef<HTMLDivElement>(null);
  const ready = useRef(false);
  const heldSubmit = useRef(false);
  /** The prerendered form's nodes (inside the Suspense boundary), taken as the page hydrates. */
  const keptNodes = useRef<Node[]>([]);
  /** The field last focused in the form, to give the focus back when the form's nodes are replaced. */
  const focused = useRef<HTMLElement | null>(null);
  /** A submit waits for the network: offline, and the code not here. */
  const [waitingForNetwork, setWaitingForNetwork] = useState(false);

  /**
   * What was typed before the code was ready. When React had let go of the prerendered form, the
   * form is rendered anew and the old one, just taken off the page, still holds every keystroke.
   */
  const typedBeforeReady = useCallback(() => {
    const kept = keptNodes.current
      .map((node) => (node instanceof Element ? (node.closest('form') ?? node.querySelector('form')) : null))
      .find(Boolean);
    return kept && !kept.isConnected ? typedValues(kept) : typedBeforeHydration;
  }, []);

  const onReady = useCallback(() => {
    ready.current = true;
    setWaitingForNetwork(false);
    const element = wrapper.current;
    // Rendered anew rather than hydrated: the field being typed in is another element now.
    const field = focused.current;
    if (element && field?.id && focusWasLost()) {
      const again = document.getElementById(field.id);
      if (again && element.contains(again)) again.focus({ preventScroll: true });
    }
    if (heldSubmit.current) {
      heldSubmit.current = false;
      element?.querySelector('form')?.requestSubmit();
    }
  }, []);

  useLayoutEffect(() => {
    const element = wrapper.current;
    // Before any update can reach the boundary: all in the slot but the styles (and React's markers).
    if (element) keptNodes.current = [...element.children];
  }, []);

  useEffect(() => {
    const element = wrapper.current;
    if (!element) return;
    const onFocus = (event: Event) => {
      if (event.target instanceof HTMLElement) focused.current = event.target;
    };
    // Forgotten when the visitor moves on, not when the field is taken off the page with the focus.
    const onBlur = (event: Event) => {
      const field = event.target;
      queueMicrotask(() => {
        if (field instanceof Node && field.isConnected && !element.contains(document.activeElement)) {
          if (focused.current === field) focused.current = null;
        }
      });
    };
    element.addEventListener('focusin', onFocus);
    element.addEventListener('focusout', onBlur);
    // Until the form's code has run, a submit would reload the page: hold it instead.
    const holdSubmit = (event: Event) => {
      if (ready.current) return;
      event.preventDefault();
      heldSubmit.current = true;
      openGate();
      retryFormCode();
    };
    element.addEventListener('submit', holdSubmit);
    // The code could not be had with a submit held: online, the browser sends the form as it
    // would without JavaScript; offline, it waits for the next try (online, or a touch).
    const onCodeFailed = () => {
      if (!heldSubmit.current || ready.current) return;
      if (navigator.onLine) {
        heldSubmit.current = false;
        setWaitingForNetwork(false);
        element.querySelector('form')?.submit();
      } else {
        setWaitingForNetwork(true);
      }
    };
    failureListeners.add(onCodeFailed);
    const cleanUp = () => {
      element.removeEventListener('focusin', onFocus);
      element.removeEventListener('focusout', onBlur);
      element.removeEventListener('submit', holdSubmit);
      failureListeners.delete(onCodeFailed);
    };
    // No prerendered form to show (a client-side navigation), or the visitor reached for it
    // before the page's code had run (this effect is when listening starts).
    if (!element.querySelector('form') || element.contains(document.activeElement) || element.matches(':hover')) {
      openGate();
      return cleanUp;
    }
    // Listened for on window, in the capture phase: React's own listener on the document
    // stops these events from reaching anything inside a part of the page it has not
    // hydrated yet (the form, until its code arrives), so the form never hears them.
    // After a failed download, each is also the next chance to try it again.
    const onIntent = (event: Event) => {
      if (!(event.target instanceof Node) || !element.contains(event.target)) return;
      openGate();
      retryFormCode();
    };
    const options = { capture: true, passive: true };
    for (const type of INTENT_EVENTS) window.addEventListener(type, onIntent, options);
    return () => {
      cleanUp();
      for (const type of INTENT_EVENTS) window.removeEventListener(type, onIntent, options);
    };
  }, []);

  // Made once per set of props: this component's own state must not reach the boundary.
  const form = useMemo(
    () => (
      <Suspense fallback={<KeptForm nodes={keptNodes} focused={focused} />}>
        <EnquiryForm {...props} onReady={onReady} typedBeforeReady={typedBeforeReady} />
      </Suspense>
    ),
    [props, onReady, typedBeforeReady],
  );

  return (
    <div ref={wrapper} className="enquiry-form-slot">
      {stylesInline ? (
        <style href={ANTD_STYLE} precedence="antd">
          {inlineAntdCss}
        </style>
      ) : (
        <link rel="stylesheet" href={antdCssHref} precedence="antd" />
      )}
      {form}
      {waitingForNetwork && (
        <p className="enquiry-form__error enquiry-form__waiting" role="alert">
          {props.form.words.errors.network}
        </p>
      )}
    </div>
  );
});
