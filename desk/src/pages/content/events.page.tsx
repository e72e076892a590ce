/**
 * The scholarship test and the demo class (editors and admins): each event's page words in
 * English and Hindi, and its sessions: the day, the times, at the centre or online, the seats,
 * who it is for, and when registration opens and closes. Changes go to the draft; the panel
 * at the foot previews the event's page and publishes. A session keeps its id once anyone has
 * booked it (the desk counts seats and registrations by it), so a new one gets a new id.
 *
 * The scholarship is described here once (institute.scholarship): who may sit the test, which
 * courses' fees it lowers, and the bands (marks → percentage off). The pages say its range and
 * courses from it, the test's form offers only its classes and courses, a test session may be for
 * no others (the content check), and a counsellor entering marks sees the percentage these bands
 * give once they are published.
 */
import { Button, Checkbox, Flex, Form, InputNumber, Popconfirm, Select, Typography } from 'antd';
import { useId } from 'react';
import { localDate } from '../../../../shared/institute-calendar';
import { scholarshipFor, scholarshipRange } from '../../../../shared/scholarship';
import { paths } from '../../../../shared/paths';
import { courseSlugs } from '../../../../shared/courses';
import { classLevels } from '../../../../shared/schema/enquiry-fields';
import { type EventSession, eventTypes } from '../../../../shared/schema/events';
import { Choices, Fact, Named, newId, OwnForm, problemsAt, useEditing, Words } from './fields';
import { ContentEditor } from './publish';
import { Panel } from '../../components/panel';
import { deskPages } from '../../../../shared/desk-pages';

export { action, loader } from './publish';
export { PageError as ErrorBoundary } from '../../components/page-error';

/** The names the parts show, each drawn again alone as it is typed (not the page: issue 40). */
const EventName = ({ type }: { type: EventSession['type'] }) => (
  <Named path={['events', 'types', type, 'name']} fallback={type} />
);
const classOptions = classLevels.map((level) => ({
  value: level,
  label: <Named path={['form', 'classLevels', level]} fallback={level} />,
}));
const courseOptions = courseSlugs.map((slug) => ({
  value: slug,
  label: <Named path={['courses', slug, 'name']} fallback={slug} />,
}));
const typeOptions = eventTypes.map((type) => ({ value: type, label: <EventName type={type} /> }));
/** SessionFields draws again with its session (its parent follows the sessions). */
const nothingWatched = () => [];

function SessionFields({ session, index }: { session: EventSession; index: number }) {
  const { change } = useEditing(nothingWatched);
  const id = useId();
  const edit = (apply: (target: EventSession) => void) =>
    change((draft) => {
      const target = draft.institute.eventSessions[index];
      if (target) apply(target);
    });
  const remove = () =>
    change((draft) => {
      draft.institute.eventSessions = draft.institute.eventSessions.filter((each) => each.id !== session.id);
    });
  return (
    <Panel
      title={
        <>
          <EventName type={session.type} />, {session.date}
        </>
      }
    >
      <Flex wrap gap="middle" align="end">
        <Form.Item label="Event" htmlFor={`${id}-type`} layout="vertical">
          <Select
            id={`${id}-type`}
            value={session.type}
            options={typeOptions}
            style={{ width: 260 }}
            onChange={(type: EventSession['type']) => edit((target) => void (target.type = type))}
          />
        </Form.Item>
        <Fact label="Day" path={['eventSessions', index, 'date']} kind="date" />
        <Fact label="Arrive by (24-hour)" path={['eventSessions', index, 'reportBy']} kind="text" />
        <Fact label="Starts" path={['eventSessions', index, 'starts']} kind="text" />
        <Fact label="Ends" path={['eventSessions', index, 'ends']} kind="text" />
        <Fact label="Seats" path={['eventSessions', index, 'capacity']} kind="number" />
      </Flex>
      <Form.Item layout="vertical">
        <Checkbox
          checked={session.online}
          onChange={(event) => edit((target) => void (target.online = event.target.checked))}
        >
          Online (not at the centre)
        </Checkbox>
      </Form.Item>
      {session.online && (
        <Fact
          label="Joining link"
          path={['eventSessions', index, 'joinLink']}
          kind="text"
          optional
          help="https://… Families get it the day before: in the reminder email, on their seat's page, and in the WhatsApp reminder the counsellors send to families without email."
        />
      )}
      <Flex wrap gap="middle" align="end">
        <Fact label="Registration opens" path={['eventSessions', index, 'opens']} kind="date" />
        <Fact label="Registration closes" path={['eventSessions', index, 'closes']} kind="date" />
      </Flex>
      <Choices label="For these classes" path={['eventSessions', index, 'classes']} options={classOptions} />
      <Choices label="For these courses" path={['eventSessions', index, 'courses']} options={courseOptions} />
      <Typography.Paragraph type="secondary">
        Taking a session out does not cancel its bookings: the desk keeps them, and the families still hold their admit
        cards. Call them first.
      </Typography.Paragraph>
      <Popconfirm title="Take this session off the site?" onConfirm={remove}>
        <Button danger>Remove this session</Button>
      </Popconfirm>
    </Panel>
  );
}

/** The scholarship, described once: who may sit, which courses, the bands. */
function ScholarshipFields() {
  const { document, change, problems } = useEditing((draft) => [draft.institute.scholarship]);
  const scholarship = document.institute.scholarship;
  const range = scholarshipRange(scholarship);
  const bandProblems = problemsAt(problems, 'institute.scholarship.bands');
  const editBand = (index: number, key: 'from' | 'percent', value: number | null) =>
    change((draft) => {
      const band = draft.institute.scholarship.bands[index];
      if (band) band[key] = value ?? 0;
    });
  return (
    <Panel title="The scholarship">
      <Typography.Paragraph>
        The pages say this range and these courses wherever they mention a scholarship
        {range ? ` (now ${range.min}% to ${range.max}%)` : ''}, and counsellors entering marks see what these bands
        give.
      </Typography.Paragraph>
      <Choices label="Who may sit the test" path={['scholarship', 'classes']} options={classOptions} />
      <Choices label="The courses whose fee it lowers" path={['scholarship', 'courses']} options={courseOptions} />
      <Words label="What the percentage is taken off" path={['scholarship', 'feePart']} />
      <Fact label="The test is out of (marks)" path={['scholarship', 'maxMarks']} kind="number" />
      <Typography.Text strong>Bands</Typography.Text>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        From these marks up, this much off the fee. Below the lowest band, no scholarship.
      </Typography.Paragraph>
      <ul aria-label="Bands" style={{ margin: 0, paddingLeft: 0, listStyle: 'none' }}>
        {scholarship.bands.map((band, index) => (
          <li key={index} style={{ marginBottom: 8 }}>
            <OwnForm>
              <Flex gap="small" align="center" wrap>
                <span>From</span>
                <InputNumber
                  aria-label={`Band ${index + 1}: from marks`}
                  min={0}
                  value={band.from}
                  onChange={(from) => editBand(index, 'from', from)}
                  style={{ width: 100 }}
                />
                <span>marks:</span>
                <InputNumber
                  aria-label={`Band ${index + 1}: percent off`}
                  min={1}
                  max={100}
                  precision={0}
                  value={band.percent}
                  onChange={(percent) => editBand(index, 'percent', percent)}
                  style={{ width: 90 }}
                />
                <span>% off</span>
                <Button
                  size="small"
                  aria-label={`Remove band ${index + 1}`}
                  onClick={() =>
                    change((draft) => {
                      const target = draft.institute.scholarship;
                      target.bands = target.bands.filter((_, i) => i !== index);
                    })
                  }
                >
                  Remove
                </Button>
              </Flex>
            </OwnForm>
          </li>
        ))}
      </ul>
      {bandProblems.length > 0 && <Typography.Text type="danger">{bandProblems.join(' ')}</Typography.Text>}
      <Flex gap="small" align="center" wrap>
        <Button
          onClick={() =>
            change((draft) => {
              draft.institute.scholarship.bands.push({ from: 0, percent: 1 });
            })
          }
        >
          Add a band
        </Button>
        {scholarship.bands.length > 0 && (
          <Typography.Text type="secondary">
            For example: {scholarship.maxMarks} marks earn {scholarshipFor(scholarship.maxMarks, scholarship)}% off;{' '}
            {Math.round(scholarship.maxMarks / 2)} marks earn{' '}
            {scholarshipFor(Math.round(scholarship.maxMarks / 2), scholarship)}%.
          </Typography.Text>
        )}
      </Flex>
    </Panel>
  );
}

function Events() {
  const { document, change } = useEditing((draft) => [draft.institute.eventSessions]);
  const sessions = document.institute.eventSessions;
  const add = (type: EventSession['type']) =>
    change((draft) => {
      const list = draft.institute.eventSessions;
      const today = localDate(new Date());
      const last = list.filter((each) => each.type === type).at(-1);
      list.push({
        ...(last ?? {
          reportBy: '09:30',
          starts: '10:00',
          ends: '12:00',
          online: false,
          capacity: 50,
          // A test session is for the scholarship's classes and courses (the content check refuses others).
          classes: [...((type === 'scholarship-test' && draft.institute.scholarship.classes) || classLevels)],
          courses: [...((type === 'scholarship-test' && draft.institute.scholarship.courses) || courseSlugs)],
        }),
        id: newId(
          type,
          list.map((each) => each.id),
        ),
        type,
        date: today,
        opens: today,
        closes: today,
      });
    });
  return (
    <Flex vertical gap="large">
      {eventTypes.map((type) => (
        <Panel
          key={type}
          title={
            <>
              <EventName type={type} />: its page
            </>
          }
        >
          <Words label="Name" path={['events', 'types', type, 'name']} />
          <Words label="In the menu" path={['events', 'types', type, 'navLabel']} />
          <Words label="Heading" path={['events', 'types', type, 'heading']} />
          <Words label="In short" path={['events', 'types', type, 'lead']} multiline />
          <Words label="What happens" path={['events', 'types', type, 'about']} lines />
          <Words label="What to bring (also on the admit card)" path={['events', 'types', type, 'bring']} lines />
        </Panel>
      ))}
      <ScholarshipFields />
      <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
        Sessions ({sessions.length})
      </Typography.Title>
      <Typography.Paragraph style={{ margin: 0 }}>
        Times are India time, 24-hour (09:30). Registration is open from its first day to its last, both included; the
        seats left are counted by the site as families book.
      </Typography.Paragraph>
      {sessions.map((session, index) => (
        <SessionFields key={session.id} session={session} index={index} />
      ))}
      <Flex gap="small" wrap>
        {eventTypes.map((type) => (
          <Button key={type} onClick={() => add(type)}>
            Add a session: <EventName type={type} />
          </Button>
        ))}
      </Flex>
    </Flex>
  );
}

export default function EventsContent() {
  return (
    <ContentEditor
      heading={deskPages.eventsContent.section.name}
      previewPaths={[paths.event('scholarship-test'), paths.event('demo-class'), paths.home]}
    >
      <Events />
    </ContentEditor>
  );
}
