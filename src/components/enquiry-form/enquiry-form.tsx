import { StyleProvider } from '@ant-design/cssinjs';
import { Button, Checkbox, ConfigProvider, Form, type FormRule, Input, type InputRef } from 'antd';
import type { Locale } from 'antd/lib/locale';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { Language } from '../../../shared/languages';
import { paths } from '../../../shared/paths';
import { type CourseSlug } from '../../../shared/courses';
import { themeConfig } from '../../config/theme';
import type { EnquiryFormData, RegistrationFormData } from '../../content/page-data';
import { useEventSeats } from '../../lib/event-seats';
import { fill, formatPhone, telHref } from '../../../shared/format';
import {
  type FieldMessages,
  type NumberProof,
  requestCode,
  submitEnquiry,
  submitRegistration,
} from '../../lib/enquiry-api';
import { forgetProof, keepProof, storedProof } from '../../lib/number-proofs';
import { trackLead } from '../../lib/pixel';
import {
  adsMayHearOf,
  type Enquiry,
  type EnquiryFieldName,
  enquirers,
  enquiryFields,
  enquirySchema,
  type EnquiryInput,
  type FieldProblems,
  fieldProblems,
  limits,
  needsParent,
  numberToProve,
} from '../../../shared/schema/enquiry';
import { antdLocales, enquiryMessage } from '../../../shared/schema/enquiry-messages';
import { EnquiryDetailsForm } from './enquiry-details-form';
import { NativeSelect } from './native-select';

/** The form's values as antd holds them (the course starts empty, unless the page is a course's). */
export type EnquiryValues = Omit<EnquiryInput, 'course' | 'consent'> & {
  course: CourseSlug | '';
  consent: boolean;
  /** A registration's session (on an event's page). */
  sessionId?: string;
  /** The one-time code sent to the number a booking proves. */
  code?: string;
};

/** antd makes it the <form>'s id and the prefix of each field's id. */
export const FORM_NAME = 'enquiry-form';

/** A UUID v4 for the idempotency key; crypto.randomUUID needs a secure context, getRandomValues does not. */
function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Every antd style, the theme's CSS variables included, is in the static stylesheet
 * (zero-runtime mode). antd still writes those variables as <style> tags at run time;
 * the Content-Security-Policy rightly refuses inline styles, so they go to a node
 * that is never attached to the page.
 */
let detachedStyles: HTMLElement | undefined;
const unusedStyles = () =>
  typeof document === 'undefined' ? undefined : (detachedStyles ??= document.createElement('div'));

export type EnquiryFormProps = {
  /** The form's words and choices in the page's language (from the page's loader). */
  form: EnquiryFormData;
  /** Preselects the course on a course page. */
  course?: CourseSlug;
  /**
   * On an event's page: the form books a seat (POST /api/registrations), asking also for the
   * session and the student's class, and answers with the roll number and the admit card.
   */
  registration?: RegistrationFormData;
  /** Called once the form is interactive (hydrated). */
  onReady?: () => void;
  /** What the visitor typed into the prerendered form before it became interactive. */
  typedBeforeReady?: () => Partial<EnquiryValues> | undefined;
};

type Status =
  | { kind: 'idle' }
  | { kind: 'sending' }
  /** `key`: the idempotency key a new enquiry was stored with (none for a repeat): it proves the details are ours. */
  | { kind: 'sent'; id: string; phone: string; key: string | null }
  /** A seat booked (or the one this student had): the roll number, and the registrant's link when it is theirs. */
  | {
      kind: 'registered';
      outcome: 'booked' | 'already';
      message: string;
      rollNumber: string;
      sessionId: string;
      token?: string;
      emailed?: boolean;
    }
  | { kind: 'failed'; message: string };

/** A code sent to the number a booking proves, waiting to be typed. */
type CodeStep = { id: string; number: string; message: string };

/** antd's words for the language, with our own mark for a field that may be left empty. */
const localeOf = (language: Language, optional: string): Locale => {
  const locale = antdLocales[language];
  return locale.Form ? { ...locale, Form: { ...locale.Form, optional } } : locale;
};

export function EnquiryForm({ form: data, course, registration, onReady, typedBeforeReady }: EnquiryFormProps) {
  const [form] = Form.useForm<EnquiryValues>();
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  // The seats open now, so a full session cannot be chosen; and those the server said were full when this form tried them.
  const seats = useEventSeats(Boolean(registration));
  const [filled, setFilled] = useState<ReadonlySet<string>>(new Set());
  // One key per enquiry: a double click or a retry after a timeout is stored once.
  const idempotencyKey = useRef<string | null>(null);
  // A booking first proves its number by a code (issue 38); the proof then books a sibling too, for a while.
  const [codeStep, setCodeStep] = useState<CodeStep | null>(null);
  // Seconds until another code may be asked for, counted down while the code is awaited.
  const [resendIn, setResendIn] = useState(0);
  const waiting = codeStep !== null && resendIn > 0;
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => setResendIn((seconds) => Math.max(0, seconds - 1)), 1000);
    return () => clearInterval(timer);
  }, [waiting]);
  // The code's field, focused when a code has just been sent (the step the family is now on).
  const codeInput = useRef<InputRef>(null);
  useEffect(() => {
    if (codeStep) codeInput.current?.focus();
  }, [codeStep]);
  const { language, words } = data;
  // The code step's words: a booking's, or (when the admins ask for a code first) an enquiry's.
  const verification = registration?.verification ?? data.verification;
  const f = words.fields;
  const message = (field: EnquiryFieldName, code: 'required' | 'invalid') =>
    enquiryMessage(language, words, field, code);
  /** Required text: surrounding spaces do not count, as on the server (same message as an empty field). */
  const requiredText = (field: EnquiryFieldName): FormRule => ({
    required: true,
    transform: (value?: string) => value?.trim(),
    message: message(field, 'required'),
  });

  /**
   * A rule that runs the shared schema's check for one field, so the form and server agree. A
   * parent's number is checked only while it is asked for (a student under 18), as on the server.
   */
  const schemaRule =
    (field: 'phone' | 'parentPhone'): FormRule =>
    ({ getFieldValue }) => ({
      validator: (_: unknown, value: string | undefined) =>
        !value ||
        (field === 'parentPhone' &&
          !needsParent({ enquirer: getFieldValue('enquirer'), studentUnder18: getFieldValue('studentUnder18') })) ||
        enquiryFields.shape[field].safeParse(value).success
          ? Promise.resolve()
          : Promise.reject(new Error(message(field, 'invalid'))),
    });

  /** Required only when a student under 18 is enquiring: the shared schema's rule between fields. */
  const parentRequired =
    (field: 'parentName' | 'parentPhone'): FormRule =>
    ({ getFieldValue }) => ({
      validator: (_: unknown, value: string | undefined) =>
        !needsParent({ enquirer: getFieldValue('enquirer'), studentUnder18: getFieldValue('studentUnder18') }) ||
        value?.trim()
          ? Promise.resolve()
          : Promise.reject(new Error(message(field, 'required'))),
    });

  useEffect(() => {
    // Hydration resets the inputs to the form's state: put back anything typed before it.
    const typed = typedBeforeReady?.();
    if (typed) form.setFieldsValue(typed);
    onReady?.();
  }, [form, onReady, typedBeforeReady]);

  const showMessages = (messages: FieldMessages) =>
    form.setFields(
      Object.entries(messages).map(([name, text]) => ({
        name: name as keyof EnquiryValues,
        errors: [text ?? words.errors.invalid],
      })),
    );
  const showProblems = (problems: FieldProblems) =>
    showMessages(
      Object.fromEntries(
        Object.entries(problems).map(([name, code]) => [
          name,
          enquiryMessage(language, words, name as EnquiryFieldName, code),
        ]),
      ),
    );

  const send = async (values: EnquiryValues) => {
    if (status.kind === 'sending') return;
    idempotencyKey.current ??= newIdempotencyKey();
    // The server's own schema, run here too: what passes here passes there.
    const parsed = enquirySchema.safeParse({
      ...values,
      language,
      idempotencyKey: idempotencyKey.current,
      noticeVersion: data.noticeVersion,
    });
    if (!parsed.success) {
      showProblems(fieldProblems(parsed.error));
      return;
    }
    setStatus({ kind: 'sending' });
    if (registration) return bookProved(parsed.data, values.sessionId ?? '', values.code);
    // Its number's proof goes with it when the form has one (a code just typed, or a proof from a booking).
    const number = numberToProve(parsed.data);
    const known = storedProof(number);
    const proof: NumberProof | undefined = known
      ? { numberProof: known }
      : codeStep?.number === number
        ? { codeId: codeStep.id, code: values.code ?? '' }
        : undefined;
    const result = await submitEnquiry(parsed.data, words.errors, data.sitePhone, proof);
    switch (result.kind) {
      case 'accepted': {
        const key = result.created ? idempotencyKey.current : null;
        idempotencyKey.current = null;
        setCodeStep(null);
        if (result.created && adsMayHearOf(parsed.data, 'enquiry')) trackLead(result.id, parsed.data.course);
        setStatus({ kind: 'sent', id: result.id, phone: String(values.phone), key });
        return;
      }
      case 'code':
        // The admins ask for the number to be proved first: the code step, as for a booking.
        return codeRefused(result, number, proof);
      case 'invalid':
        showMessages(result.fields);
        setStatus({ kind: 'failed', message: result.message });
        return;
      default:
        setStatus({ kind: 'failed', message: result.message });
    }
  };

  // A booking that cannot be stored says so in a booking's words, not an enquiry's.
  const bookingErrors = registration ? { ...words.errors, unavailable: registration.words.unavailable } : words.errors;

  /** A code to the number: the step that asks for it appears, or why it could not be sent. */
  const askCode = async (number: string) => {
    const result = await requestCode(number, language, bookingErrors, data.sitePhone);
    if (result.kind === 'sent' && result.sent) {
      form.setFieldValue('code', '');
      setCodeStep({ id: result.id, number, message: result.message });
      setResendIn(result.resendIn);
      setStatus({ kind: 'idle' });
      return;
    }
    setCodeStep(null);
    setStatus({ kind: 'failed', message: result.message });
  };

  /**
   * The number not proved: a wrong code is said beside the button (the field emptied for the code
   * to be typed again); none sent, or a proof kept from before that is no longer good, sends a
   * code now; a code that expired or was used up is said, and the next tap sends a new one.
   */
  const codeRefused = (
    result: { verification: 'needed' | 'wrong' | 'gone'; message: string },
    number: string,
    proof: NumberProof | undefined,
  ) => {
    if (result.verification === 'wrong') {
      form.setFieldValue('code', '');
      setStatus({ kind: 'failed', message: result.message });
      return;
    }
    setCodeStep(null);
    if (!proof || 'numberProof' in proof) {
      if (proof) forgetProof(number);
      return askCode(number);
    }
    setStatus({ kind: 'failed', message: result.message });
  };

  /** A booking with its number proved: by a proof from before, by the code typed, or first a code is sent. */
  const bookProved = async (enquiry: Enquiry, sessionId: string, typed: string | undefined) => {
    const number = numberToProve(enquiry);
    const known = storedProof(number);
    if (known) return book(enquiry, sessionId, number, { numberProof: known });
    // A code is awaited for this number: it is the one to check (the field requires it), never a new one.
    if (codeStep?.number === number)
      return book(enquiry, sessionId, number, { codeId: codeStep.id, code: typed ?? '' });
    return askCode(number);
  };

  /** A registration: the seat, or the next session offered when this one filled (what was typed stays). */
  const book = async (enquiry: Enquiry, sessionId: string, number: string, proof: NumberProof) => {
    const result = await submitRegistration(enquiry, sessionId, proof, bookingErrors, data.sitePhone);
    if ((result.kind === 'registered' || result.kind === 'full') && result.numberProof) {
      keepProof(number, result.numberProof);
      setCodeStep(null);
    }
    switch (result.kind) {
      case 'code':
        return codeRefused(result, number, proof);
      case 'registered':
        idempotencyKey.current = null;
        if (result.outcome === 'booked' && adsMayHearOf(enquiry, 'booking'))
          trackLead(result.enquiryId, enquiry.course, 'CompleteRegistration');
        setStatus({
          kind: 'registered',
          outcome: result.outcome,
          message: result.message,
          rollNumber: result.rollNumber,
          sessionId: result.sessionId,
          ...(result.token ? { token: result.token } : {}),
          ...(result.emailed ? { emailed: true } : {}),
        });
        return;
      case 'full': {
        setFilled((before) => new Set([...before, sessionId]));
        // The next date is chosen for them only when it is of the same kind (at the centre or
        // online) as the one they chose; the answer names it either way.
        const chosen = registration?.sessions.find((session) => session.value === sessionId);
        const sameKind = result.next !== null && chosen !== undefined && result.next.online === chosen.online;
        form.setFieldValue('sessionId', sameKind ? (result.next?.id ?? '') : '');
        setStatus({ kind: 'failed', message: result.message });
        return;
      }
      case 'invalid':
        showMessages(result.fields);
        setStatus({ kind: 'failed', message: result.message });
        return;
      default:
        setStatus({ kind: 'failed', message: result.message });
    }
  };

  /** The sessions the form offers: one that is full (as the page heard, or as this form was told) cannot be chosen. */
  const sessionOptions = registration?.sessions.map((session) => {
    const live = seats?.get(session.value);
    const full = filled.has(session.value) || (live !== undefined && (live.seatsLeft <= 0 || !live.open));
    return {
      value: session.value,
      label: full ? fill(registration.words.optionFull, { option: session.label }) : session.label,
      disabled: full,
    };
  });

  // The theme's provider lives here, not in the root: pages without the form load no antd code.
  const provide = (children: ReactNode) => (
    <StyleProvider container={unusedStyles()}>
      <ConfigProvider theme={themeConfig} locale={localeOf(language, words.optional)}>
        {children}
      </ConfigProvider>
    </StyleProvider>
  );

  if (status.kind === 'sent') {
    return provide(
      <div className="enquiry-form enquiry-form__result">
        <div role="status" aria-live="polite">
          <h3 ref={(heading) => heading?.focus()} tabIndex={-1}>
            {words.sentHeading}
          </h3>
          <p>{fill(words.sentBody, { phone: formatPhone(enquiryFields.shape.phone.parse(status.phone)) })}</p>
          <p className="note">
            {words.sentReference}: <code>{status.id.slice(0, 8)}</code>
          </p>
          <p>
            {words.sentUrgent} <a href={telHref(data.sitePhone)}>{formatPhone(data.sitePhone)}</a>
          </p>
        </div>
        {status.key && <EnquiryDetailsForm form={data} id={status.id} idempotencyKey={status.key} />}
      </div>,
    );
  }

  if (status.kind === 'registered' && registration) {
    const r = registration.words;
    // The family's own booking (its link is theirs) says when and where; a repeat from another
    // form has its answer name the seat booked before.
    const booked = status.token
      ? registration.sessions.find((session) => session.value === status.sessionId)
      : undefined;
    return provide(
      <div className="enquiry-form enquiry-form__result">
        <div role="status" aria-live="polite">
          <h3 ref={(heading) => heading?.focus()} tabIndex={-1}>
            {status.message}
          </h3>
          <dl className="enquiry-form__facts">
            <dt>{r.rollNumber}</dt>
            <dd>
              <strong className="roll-number">{status.rollNumber}</strong>
            </dd>
            {booked && (
              <>
                <dt>{r.session}</dt>
                <dd>
                  {booked.day}, {booked.time}
                </dd>
                <dt>{booked.reportByLabel}</dt>
                <dd>{booked.arriveAt}</dd>
                <dt>{r.venue}</dt>
                <dd>{booked.venue}</dd>
              </>
            )}
          </dl>
          {status.token && (
            <>
              <p>
                <a className="button button--primary" href={paths.admitCard(status.token)} download>
                  {r.admitCard}
                </a>
              </p>
              <p>
                <a href={paths.registrant(status.token)}>{r.title}</a>
              </p>
              <p>{r.keepLink}</p>
            </>
          )}
          {status.emailed && <p>{r.emailed}</p>}
          <p>
            {r.callUs} <a href={telHref(data.sitePhone)}>{formatPhone(data.sitePhone)}</a>
          </p>
        </div>
      </div>,
    );
  }

  return provide(
    <div className="enquiry-form">
      <Form<EnquiryValues>
        form={form}
        name={FORM_NAME}
        // Without JavaScript the browser posts the form itself; the server answers either way.
        action={registration ? paths.api.registrations : paths.api.enquiries}
        method="post"
        layout="vertical"
        requiredMark="optional"
        initialValues={{
          enquirer: 'parent',
          course: course ?? '',
          consent: false,
          ...(registration ? { sessionId: '', classLevel: '' } : {}),
          studentUnder18: false,
        }}
        onFinish={send}
        // A number changed while its code is awaited: the code was for the other one.
        onValuesChange={(changed: Partial<EnquiryValues>) => {
          if (codeStep && ['phone', 'parentPhone', 'enquirer', 'studentUnder18'].some((name) => name in changed))
            setCodeStep(null);
        }}
        // antd validates (with its messages); the browser's own checks would cut that short.
        noValidate
        scrollToFirstError={{ block: 'center' }}
      >
        {/* The first screen asks only what a call-back needs: who is asking, the student's name,
            a mobile number, the course and consent. What only applies to a student under 18
            appears when it does (CSS, so also without JavaScript); class, city, email and a
            message are asked after the call-back is requested (EnquiryDetailsForm). */}
        <Form.Item
          label={f.enquirer.label}
          name="enquirer"
          rules={[{ required: true, message: message('enquirer', 'required') }]}
        >
          <NativeSelect
            name="enquirer"
            options={enquirers.map((value) => ({ value, label: words.enquirers[value] }))}
          />
        </Form.Item>
        {/* Shown (by CSS, so also without JavaScript) when the student is enquiring. */}
        <div className="enquiry-form__under18">
          <Form.Item name="studentUnder18" valuePropName="checked">
            <Checkbox name="studentUnder18" value="true">
              {f.studentUnder18.label}
            </Checkbox>
          </Form.Item>
        </div>
        <Form.Item
          label={f.studentName.label}
          name="studentName"
          rules={[requiredText('studentName'), { max: limits.studentName }]}
        >
          <Input name="studentName" autoComplete="name" maxLength={limits.studentName} />
        </Form.Item>
        <Form.Item
          label={f.phone.label}
          name="phone"
          extra={f.phone.help}
          rules={[requiredText('phone'), schemaRule('phone')]}
        >
          <Input name="phone" type="tel" inputMode="tel" autoComplete="tel" maxLength={limits.phone} />
        </Form.Item>
        {registration && (
          <>
            <Form.Item
              label={registration.words.sessionLabel}
              name="sessionId"
              rules={[{ required: true, message: registration.words.sessionRequired }]}
            >
              <NativeSelect name="sessionId" options={sessionOptions ?? []} placeholder={words.choose} />
            </Form.Item>
            <Form.Item
              label={f.classLevel.label}
              name="classLevel"
              rules={[{ required: true, message: message('classLevel', 'required') }]}
            >
              <NativeSelect
                name="classLevel"
                options={registration.classes.map((level) => ({ value: level, label: words.classLevels[level] }))}
                placeholder={words.choose}
              />
            </Form.Item>
            {/* Optional: the admit card and the reminder by email (the desk reminds the others by phone). */}
            <Form.Item
              label={f.email.label}
              name="email"
              extra={registration.words.emailExtra}
              rules={[{ type: 'email', message: message('email', 'invalid') }, { max: limits.email }]}
            >
              <Input name="email" type="email" inputMode="email" autoComplete="email" maxLength={limits.email} />
            </Form.Item>
          </>
        )}
        <Form.Item
          label={f.course.label}
          name="course"
          rules={[{ required: true, message: message('course', 'required') }]}
        >
          <NativeSelect
            name="course"
            options={
              registration ? data.courses.filter((course) => registration.courses.includes(course.value)) : data.courses
            }
            placeholder={words.choose}
          />
        </Form.Item>
        {/* Shown when a student under 18 is enquiring (and only then asked for): their parent's
            details, required, and the consent becomes the parent's. */}
        <div className="enquiry-form__parent enquiry-form__row">
          <Form.Item
            label={f.parentName.label}
            name="parentName"
            required
            dependencies={['enquirer', 'studentUnder18']}
            rules={[parentRequired('parentName'), { max: limits.studentName }]}
          >
            <Input name="parentName" autoComplete="off" maxLength={limits.studentName} />
          </Form.Item>
          <Form.Item
            label={f.parentPhone.label}
            name="parentPhone"
            required
            dependencies={['enquirer', 'studentUnder18']}
            rules={[parentRequired('parentPhone'), schemaRule('parentPhone')]}
          >
            <Input name="parentPhone" type="tel" inputMode="tel" autoComplete="off" maxLength={limits.phone} />
          </Form.Item>
        </div>
        {/* Posted with the form when JavaScript is off; added to the JSON otherwise. */}
        <input type="hidden" name="noticeVersion" value={data.noticeVersion} />
        <input type="hidden" name="language" value={language} />
        {/* A trap for bots: hidden from people and screen readers, never focused by keyboard. */}
        <div className="visually-hidden" aria-hidden="true">
          <label>
            {words.honeypot}
            <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
          </label>
        </div>
        <Form.Item
          name="consent"
          valuePropName="checked"
          extra={
            <>
              {words.consentNotice} {/* A new tab, so what is typed here stays. */}
              <a href={data.privacy.href} target="_blank" rel="noopener">
                {data.privacy.text}
              </a>
            </>
          }
          rules={[
            {
              validator: (_, checked: boolean) =>
                checked ? Promise.resolve() : Promise.reject(new Error(message('consent', 'required'))),
            },
          ]}
        >
          <Checkbox name="consent" value="true">
            <span className="enquiry-form__consent-own">{f.consent.label}</span>
            <span className="enquiry-form__consent-parent">{words.consentParent}</span>
          </Checkbox>
        </Form.Item>
        {codeStep && (
          <div className="enquiry-form__code">
            <p role="status">{codeStep.message}</p>
            <p className="note">{verification.why}</p>
            <Form.Item
              label={verification.codeLabel}
              name="code"
              rules={[{ required: true, whitespace: true, message: verification.codeRequired }]}
            >
              <Input ref={codeInput} name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={12} />
            </Form.Item>
            <Button
              htmlType="button"
              className="enquiry-form__resend"
              disabled={resendIn > 0 || status.kind === 'sending'}
              onClick={() => void askCode(codeStep.number)}
            >
              {resendIn > 0 ? fill(verification.resendIn, { seconds: String(resendIn) }) : verification.resend}
            </Button>
          </div>
        )}
        {status.kind === 'failed' && (
          <p className="enquiry-form__error" role="alert">
            {status.message}
          </p>
        )}
        <Button type="primary" htmlType="submit" size="large" block loading={status.kind === 'sending'}>
          {codeStep
            ? verification.confirm
            : status.kind === 'failed'
              ? words.errors.retry
              : (registration?.words.submit ?? words.submit)}
        </Button>
      </Form>
    </div>,
  );
}
