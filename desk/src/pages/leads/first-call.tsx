/**
 * The first call: how soon a new enquiry must be called, in working minutes, the days the desk
 * is closed (holidays), which working time skips, and whether an overdue lead moves on to the
 * next counsellor (server/escalation.ts). Saved together.
 */
import { App, Button, Checkbox, Flex, Input, InputNumber, Typography } from 'antd';
import { useId, useState } from 'react';
import { instituteHours } from '../../../../shared/institute';
import { FIRST_CALL_TARGET } from '../../../../shared/schema/desk-setting-limits';
import { dayWithYear } from '../../lib/format';
import { useSave } from '../../lib/save';
import { FieldError } from './field-error';
import { type Change, errorAt, errorElsewhere, type Outcome, useUnsaved } from './saving';
import type { FirstContactReply } from '../../../../shared/schema/replies/settings';

type FirstCall = { targetMinutes: number | null; holidays: string[]; reassignOverdue: boolean };

/** ISO weekday (1 = Monday) as a name: 1 January 2024 was a Monday. */
const dayName = (isoDay: number) =>
  new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(2024, 0, isoDay));

/** "Monday–Saturday" for consecutive days, else "Monday, Wednesday, Friday". */
function daysText(days: readonly number[]) {
  const sorted = [...days].sort((a, b) => a - b);
  const first = sorted[0];
  const last = sorted.at(-1);
  if (first === undefined || last === undefined) return 'no days';
  if (sorted.length > 2 && last - first === sorted.length - 1) return `${dayName(first)}–${dayName(last)}`;
  return sorted.map(dayName).join(', ');
}

/** "India time" for the institute's zone, as a person names it. */
const zoneText = (timeZone: string) =>
  timeZone === 'Asia/Kolkata' || timeZone === 'Asia/Calcutta' ? 'India time' : `${timeZone} time`;

/** The institute's hours as the sentence says them (shared/institute.ts instituteHours). */
export const workingMinutesText = `Working minutes: within the institute's hours, ${daysText(instituteHours.workingDays)}, ${instituteHours.opens}–${instituteHours.closes} ${zoneText(instituteHours.timeZone)}.`;

export function FirstCall({ stored }: { stored: FirstContactReply }) {
  const { message } = App.useApp();
  const save = useSave<Change, Outcome>();
  const targetId = useId();
  const holidayId = useId();
  const [draft, setDraft] = useState<FirstCall>();
  const [newHoliday, setNewHoliday] = useState('');
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();
  const shown: FirstCall = draft ?? stored;
  const unsaved = (draft !== undefined && JSON.stringify(draft) !== JSON.stringify(stored)) || newHoliday !== '';
  useUnsaved('first-call', unsaved);
  const edit = (change: Partial<FirstCall>) => setDraft({ ...shown, ...change });

  const addHoliday = () => {
    if (!newHoliday) return;
    edit({ holidays: [...new Set([...shown.holidays, newHoliday])].sort() });
    setNewHoliday('');
  };

  const submit = async () => {
    if (shown.targetMinutes === null) {
      setOutcome({ error: 'Give the target in minutes.', field: 'targetMinutes' });
      return;
    }
    setSaving(true);
    const answer = await save({ setting: 'first-contact', body: { ...shown } });
    setSaving(false);
    setOutcome(answer ?? { error: 'Could not save.' });
    if (answer && 'done' in answer) {
      setDraft(undefined);
      message.success('Saved the first call: its target, the holidays and what happens when it is overdue.');
    }
  };

  const targetError = errorAt(outcome, 'targetMinutes');
  const holidaysError = errorAt(outcome, 'holidays');
  return (
    <Flex vertical gap="middle">
      <Flex vertical gap={4}>
        <label htmlFor={targetId} style={{ fontWeight: 600 }}>
          Call a new enquiry within (working minutes)
        </label>
        <InputNumber
          id={targetId}
          min={FIRST_CALL_TARGET.min}
          max={FIRST_CALL_TARGET.max}
          step={5}
          precision={0}
          value={shown.targetMinutes}
          status={targetError ? 'error' : undefined}
          aria-describedby={`${targetId}-help`}
          onChange={(targetMinutes) => edit({ targetMinutes })}
          style={{ width: 160 }}
        />
        <Typography.Text id={`${targetId}-help`} type="secondary">
          {FIRST_CALL_TARGET.min}–{FIRST_CALL_TARGET.max.toLocaleString('en-IN')} minutes. {workingMinutesText}
        </Typography.Text>
        <FieldError>{targetError}</FieldError>
      </Flex>
      <Flex vertical gap={4}>
        <h3 style={{ margin: 0, fontSize: 16 }}>Holidays</h3>
        <Typography.Text type="secondary">
          Days the desk is closed on a working day: their minutes do not count.
        </Typography.Text>
        {shown.holidays.length === 0 ? (
          <Typography.Text type="secondary">No holidays listed.</Typography.Text>
        ) : (
          <ul aria-label="Holidays" style={{ margin: 0, paddingLeft: 20 }}>
            {shown.holidays.map((day) => (
              <li key={day}>
                <Flex gap="small" align="center" wrap>
                  <span>{dayWithYear(day)}</span>
                  <Button
                    size="small"
                    aria-label={`Remove ${dayWithYear(day)}`}
                    onClick={() => edit({ holidays: shown.holidays.filter((each) => each !== day) })}
                  >
                    Remove
                  </Button>
                </Flex>
              </li>
            ))}
          </ul>
        )}
        <label htmlFor={holidayId}>Add a holiday</label>
        <Flex gap="small" wrap>
          <Input
            id={holidayId}
            type="date"
            value={newHoliday}
            onChange={(event) => setNewHoliday(event.target.value)}
            onPressEnter={addHoliday}
            style={{ width: 180 }}
          />
          <Button onClick={addHoliday} disabled={!newHoliday}>
            Add holiday
          </Button>
        </Flex>
        <FieldError>{holidaysError}</FieldError>
      </Flex>
      <Flex vertical gap={4}>
        <h3 style={{ margin: 0, fontSize: 16 }}>When a first call is overdue</h3>
        <Typography.Text type="secondary">
          The admins are told of each one, on the desk and on their devices with notifications on.
        </Typography.Text>
        <Checkbox checked={shown.reassignOverdue} onChange={(event) => edit({ reassignOverdue: event.target.checked })}>
          Also give the lead to the next counsellor by the rules
        </Checkbox>
      </Flex>
      <Flex gap="small" align="center" wrap>
        <Button type="primary" loading={saving} onClick={() => void submit()}>
          Save first call
        </Button>
        {unsaved && <Typography.Text type="secondary">Not saved yet.</Typography.Text>}
      </Flex>
      <FieldError>{errorElsewhere(outcome, ['targetMinutes', 'holidays'])}</FieldError>
    </Flex>
  );
}
