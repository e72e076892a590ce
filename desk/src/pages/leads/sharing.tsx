/**
 * Sharing new enquiries: the round-robin switch, and each counsellor's work (away, the
 * languages they call in, the courses they take), each counsellor saved on their own.
 * A list, not a table: on a 360 px phone each counsellor is a box of its own.
 */
import { App, Button, Checkbox, Flex, Switch, theme, Typography } from 'antd';
import { type CSSProperties, useId, useState } from 'react';
import { when } from '../../lib/format';
import { useOptions } from '../../lib/options';
import { useSave } from '../../lib/save';
import { FieldError } from './field-error';
import { SettingSwitch } from './setting-switch';
import { type Change, errorAt, errorElsewhere, type Outcome, useUnsaved } from './saving';
import type { AssignmentReply, Option } from '../../../../shared/schema/replies/settings';
import type { StaffMember } from '../../../../shared/schema/replies/staff';

type Work = { away: boolean; languages: string[] | null; courses: string[] | null };
const storedWork = (member: StaffMember): Work => ({
  away: Boolean(member.away_since),
  languages: member.languages ?? null,
  courses: member.courses ?? null,
});
const WORK_FIELDS = ['away', 'languages', 'courses'] as const;

export function Sharing({ assignment }: { assignment: AssignmentReply }) {
  return (
    <Flex vertical gap="middle">
      <SettingSwitch
        setting="assignment"
        stored={assignment.rules.on}
        body={(on) => ({ on })}
        label="Share new enquiries automatically"
        said={(on) => (on ? 'New enquiries are shared among the counsellors.' : 'New enquiries are no longer shared.')}
      >
        When on, each new enquiry goes to the next active counsellor in turn (round-robin), skipping anyone away or
        anyone who does not take its language or course; when off, new enquiries wait in the inbox for an admin to
        assign them.
      </SettingSwitch>
      {assignment.counsellors.length === 0 && (
        <Typography.Text type="secondary">No counsellors yet: add them on Staff accounts.</Typography.Text>
      )}
      {assignment.counsellors.map((member) => (
        <CounsellorWork key={member.id} member={member} />
      ))}
    </Flex>
  );
}

function CounsellorWork({ member }: { member: StaffMember }) {
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const save = useSave<Change, Outcome>();
  const headingId = useId();
  const awayId = useId();
  const stored = storedWork(member);
  const [draft, setDraft] = useState<Work>();
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();
  const work = draft ?? stored;
  const unsaved = draft !== undefined && JSON.stringify(draft) !== JSON.stringify(stored);
  useUnsaved(`counsellor-${member.id}`, unsaved);
  const edit = (change: Partial<Work>) => setDraft({ ...work, ...change });

  const submit = async () => {
    setSaving(true);
    const answer = await save({ work: member.id, body: work });
    setSaving(false);
    setOutcome(answer ?? { error: 'Could not save.' });
    if (answer && 'done' in answer) {
      // The page's data is the server's again: show what it stored.
      setDraft(undefined);
      message.success(`Saved ${member.name}'s work.`);
    }
  };

  const box: CSSProperties = {
    border: `1px solid ${token.colorBorderSecondary}`,
    borderRadius: token.borderRadius,
    padding: 12,
  };
  return (
    <section aria-labelledby={headingId} style={box}>
      <Flex vertical gap="small">
        <h3 id={headingId} style={{ margin: 0, fontSize: 16 }}>
          {member.name}
          {member.disabled_at && <Typography.Text type="secondary"> (disabled: gets no enquiries)</Typography.Text>}
        </h3>
        <Flex vertical gap={2}>
          <Flex gap="small" align="center">
            <Switch id={awayId} checked={work.away} onChange={(away) => edit({ away })} />
            <label htmlFor={awayId}>Away</label>
            {member.away_since && work.away && (
              <Typography.Text type="secondary">since {when(member.away_since)}</Typography.Text>
            )}
          </Flex>
          <FieldError>{errorAt(outcome, 'away')}</FieldError>
        </Flex>
        <CallsInAndTakes
          work={work}
          errors={{ languages: errorAt(outcome, 'languages'), courses: errorAt(outcome, 'courses') }}
          onChange={edit}
        />
        <Flex gap="small" align="center" wrap>
          <Button type={unsaved ? 'primary' : 'default'} loading={saving} onClick={() => void submit()}>
            Save
          </Button>
          {unsaved && <Typography.Text type="secondary">Not saved yet.</Typography.Text>}
        </Flex>
        <FieldError>{errorElsewhere(outcome, WORK_FIELDS)}</FieldError>
      </Flex>
    </section>
  );
}

/** A counsellor's languages and courses (null: all): on Leads, and where the account is made. */
export function CallsInAndTakes({
  work,
  errors = {},
  onChange,
}: {
  work: Pick<Work, 'languages' | 'courses'>;
  errors?: { languages?: string; courses?: string };
  onChange: (change: Partial<Pick<Work, 'languages' | 'courses'>>) => void;
}) {
  const options = useOptions();
  return (
    <>
      <AllOrSome
        legend="Calls in"
        all="All languages"
        options={options?.languages}
        chosen={work.languages}
        error={errors.languages}
        onChange={(languages) => onChange({ languages })}
      />
      <AllOrSome
        legend="Takes"
        all="All courses"
        options={options?.courses}
        chosen={work.courses}
        error={errors.courses}
        onChange={(courses) => onChange({ courses })}
      />
    </>
  );
}

/** All of a list (null), or, with All unticked, only the ones ticked. (Checkboxes, not radios: the inbox's table already loads them.) */
function AllOrSome({
  legend,
  all,
  options = [],
  chosen,
  error,
  onChange,
}: {
  legend: string;
  all: string;
  options: Option[] | undefined;
  chosen: string[] | null;
  error: string | undefined;
  onChange: (chosen: string[] | null) => void;
}) {
  return (
    <fieldset style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
      <legend style={{ fontWeight: 600, fontSize: 14, marginBottom: 4 }}>{legend}</legend>
      <Checkbox checked={chosen === null} onChange={(event) => onChange(event.target.checked ? null : [])}>
        {all}
      </Checkbox>
      {chosen !== null && (
        <Checkbox.Group
          style={{ marginTop: 8 }}
          value={chosen}
          options={options.map(({ value, label }) => ({ value, label }))}
          onChange={(values) => onChange(values)}
        />
      )}
      <FieldError>{error}</FieldError>
    </fieldset>
  );
}
