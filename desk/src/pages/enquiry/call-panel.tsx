/**
 * The top of an enquiry on a phone: who to call and in which language, one tap to call or to
 * open a message already written in the family's language, and one tap to record what the call
 * came to (shared/call-outcomes.ts). Outcomes that need one more thing (when the family asked to
 * be called back, the visit's day and time, the reason a family is not interested) ask for it in
 * place, then save.
 */
import { Alert, Button, Flex, Input, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { callOutcomes, type CallOutcomeKey } from '../../../../shared/call-outcomes';
import { formatInstituteTime } from '../../../../shared/institute-calendar';
import { languageForStaff } from '../../../../shared/languages';
import { callFirst } from '../../../../shared/schema/desk-vocabulary';
import { PhoneLinks } from '../../components/contact-links';
import { NextCallInput } from '../../components/next-call-input';
import { Panel } from '../../components/panel';
import { useOptions } from '../../lib/options';
import { formatRupees } from '../../../../shared/format';
import type { EnquiryDetail, MessagesReply } from '../../../../shared/schema/replies/enquiries';

export type CallExtra = { reason?: string; next?: string };

type Props = {
  enquiry: EnquiryDetail['enquiry'];
  messages: MessagesReply | undefined;
  /** A call is being saved: the buttons wait. */
  busy: boolean;
  /** A call recorded with no connection, kept here until it is sent (its outcome's name). */
  waiting: string | undefined;
  onRetry: () => void;
  /** What the last call recorded here led to, in words ("Try again in 3 working hours."). */
  said: string | undefined;
  /** Until when (ms since the epoch) the last call recorded here may be undone. */
  undoUntil: number | undefined;
  onUndo: () => void;
  onCall: (outcome: CallOutcomeKey, extra?: CallExtra) => Promise<boolean>;
  onMessage: (template: string) => void;
};

/**
 * What an outcome asks for before it can be saved. An enrolment is asked once (issue 41): it goes
 * into the owner's fees by campaign and to the ads, so a thumb that slips must not record one.
 */
const asks: Partial<Record<CallOutcomeKey, 'when' | 'visit' | 'reason' | 'confirm'>> = {
  'call-back-later': 'when',
  'visit-booked': 'visit',
  'not-interested': 'reason',
  enrolled: 'confirm',
};

/** "Undo (12 s)": a call just recorded, put back while its window lasts; gone after it. */
function UndoButton({ until, busy, onUndo }: { until: number; busy: boolean; onUndo: () => void }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = Math.ceil((until - now) / 1000);
  if (left <= 0) return null;
  return (
    // Named once: the seconds counting down are not read out every second.
    <Button size="large" disabled={busy} onClick={onUndo} aria-label="Undo the call">
      Undo <span aria-hidden="true">({left} s)</span>
    </Button>
  );
}

export function CallPanel({
  enquiry,
  messages,
  busy,
  waiting,
  onRetry,
  said,
  undoUntil,
  onUndo,
  onCall,
  onMessage,
}: Props) {
  const [asking, setAsking] = useState<CallOutcomeKey>();
  const options = useOptions();
  const [reason, setReason] = useState('');
  const [visit, setVisit] = useState('');
  const [callBack, setCallBack] = useState('');
  const phone = callFirst(enquiry);
  const parent = phone !== enquiry.phone;
  const parentName = enquiry.parent_name ? `parent ${enquiry.parent_name}` : 'the parent';
  const language = languageForStaff(enquiry.language);

  const record = async (outcome: CallOutcomeKey, extra?: CallExtra) => {
    if (await onCall(outcome, extra)) {
      setAsking(undefined);
      setReason('');
      setVisit('');
      setCallBack('');
    }
  };

  const next = enquiry.next_follow_up_at
    ? formatInstituteTime(enquiry.next_follow_up_at)
    : (enquiry.next_follow_up ?? undefined);

  return (
    <Panel title="Call">
      <Flex vertical gap="middle">
        <Typography.Text strong>Call in {language}</Typography.Text>
        <Space wrap>
          {parent && <Typography.Text>First the parent:</Typography.Text>}
          <PhoneLinks phone={phone} name={parent ? parentName : enquiry.student_name} />
        </Space>
        {parent && (
          <Space wrap>
            <Typography.Text type="secondary">The student:</Typography.Text>
            <PhoneLinks phone={enquiry.phone} name={enquiry.student_name} />
          </Space>
        )}
        <section aria-labelledby="outcome-heading">
          <Typography.Title level={3} id="outcome-heading" style={{ fontSize: 16 }}>
            What did the call come to?
          </Typography.Title>
          <Flex wrap gap="small">
            {callOutcomes.map((outcome) => (
              <Button
                key={outcome.key}
                disabled={busy || waiting !== undefined}
                type={asking === outcome.key ? 'primary' : 'default'}
                aria-expanded={asks[outcome.key] ? asking === outcome.key : undefined}
                onClick={() => {
                  if (asks[outcome.key]) setAsking(asking === outcome.key ? undefined : outcome.key);
                  else void record(outcome.key);
                }}
              >
                {outcome.label}
              </Button>
            ))}
          </Flex>
          {asking === 'call-back-later' && (
            <Flex wrap gap="small" align="end" style={{ marginTop: 12 }}>
              <Flex vertical gap={4}>
                <label htmlFor="call-back-at">When the family asked to be called (India time)</label>
                <NextCallInput id="call-back-at" value={callBack} onChange={setCallBack} />
              </Flex>
              <Button
                type="primary"
                disabled={busy || !callBack}
                onClick={() => void record('call-back-later', { next: callBack })}
              >
                Save the call-back
              </Button>
            </Flex>
          )}
          {asking === 'visit-booked' && (
            <Flex wrap gap="small" align="end" style={{ marginTop: 12 }}>
              <Flex vertical gap={4}>
                <label htmlFor="visit-at">The visit’s day and time (India time)</label>
                <NextCallInput id="visit-at" value={visit} onChange={setVisit} />
              </Flex>
              <Button
                type="primary"
                disabled={busy || !visit}
                onClick={() => void record('visit-booked', { next: visit })}
              >
                Save the visit
              </Button>
            </Flex>
          )}
          {asking === 'enrolled' && (
            <Flex wrap gap="small" align="center" style={{ marginTop: 12 }}>
              <Typography.Text strong>
                {(() => {
                  const course = options?.courses.find((each) => each.value === enquiry.course);
                  const fee = course?.fee === undefined ? '' : `, ${formatRupees(course.fee, 'en')}`;
                  return `Enrolled in ${course?.label ?? enquiry.course}${fee}?`;
                })()}
              </Typography.Text>
              <Button type="primary" disabled={busy} onClick={() => void record('enrolled')}>
                Yes, enrolled
              </Button>
              <Button disabled={busy} onClick={() => setAsking(undefined)}>
                Not yet
              </Button>
            </Flex>
          )}
          {asking === 'not-interested' && (
            <Flex wrap gap="small" align="end" style={{ marginTop: 12 }}>
              <Flex vertical gap={4}>
                <label htmlFor="not-interested-reason">Why not?</label>
                <Input
                  id="not-interested-reason"
                  maxLength={500}
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                />
              </Flex>
              <Button
                type="primary"
                disabled={busy || !reason.trim()}
                onClick={() => void record('not-interested', { reason: reason.trim() })}
              >
                Save
              </Button>
            </Flex>
          )}
        </section>
        {waiting && (
          <Alert
            type="warning"
            showIcon
            role="status"
            title={`No connection: “${waiting}” is kept on this page and sent when the connection returns.`}
            action={
              <Button size="large" disabled={busy} onClick={onRetry}>
                Try again
              </Button>
            }
          />
        )}
        {said && (
          <Alert
            type="success"
            showIcon
            role="status"
            title={said}
            action={undoUntil && <UndoButton until={undoUntil} busy={busy} onUndo={onUndo} />}
          />
        )}
        <Typography.Text>
          Next call: <strong>{next ?? 'none set'}</strong>
        </Typography.Text>
        {messages && messages.messages.length > 0 && (
          <section aria-labelledby="messages-heading">
            <Typography.Title level={3} id="messages-heading" style={{ fontSize: 16 }}>
              Send a message in {languageForStaff(messages.language)}
            </Typography.Title>
            <Flex vertical gap="small">
              {messages.messages.map((message) => (
                <Flex key={message.id} vertical gap={2}>
                  <Typography.Link
                    className="desk-target"
                    href={message.href}
                    target="_blank"
                    rel="noreferrer"
                    onClick={() => onMessage(message.id)}
                  >
                    {message.channel === 'whatsapp' ? 'WhatsApp' : 'SMS'}: {message.name}
                  </Typography.Link>
                  <Typography.Text type="secondary" lang={messages.language} style={{ fontSize: 12 }}>
                    {message.text}
                  </Typography.Text>
                </Flex>
              ))}
            </Flex>
          </section>
        )}
      </Flex>
    </Panel>
  );
}
