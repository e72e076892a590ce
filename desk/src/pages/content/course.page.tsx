/**
 * One course's content (editors and admins): its batches (start date, seats left and the day
 * they were counted, a name in each language), its fee and instalments (amounts once, words
 * in each language), what the page says about it, which teachers and testimonials it shows,
 * and the questions parents ask. Changes go to the draft; the panel at
 * the foot previews the course page and publishes.
 */
import { Button, Flex, Form, Input, Popconfirm, Select, Typography } from 'antd';
import { useId } from 'react';
import { useParams } from 'react-router';
import { formatRupees } from '../../../../shared/format';
import { languages } from '../../../../shared/languages';
import { paths } from '../../../../shared/paths';
import { type CourseSlug, courseSlugs } from '../../../../shared/courses';
import { localDate } from '../../../../shared/institute-calendar';
import type { SiteContent } from '../../../../src/content/site-content';
import { Choices, Fact, newId, OwnForm, problemsAt, useEditing, Words } from './fields';
import { ContentEditor } from './publish';
import { PageHeading } from '../../components/page-heading';
import { Panel } from '../../components/panel';

export { action, loader } from './publish';
export { PageError as ErrorBoundary } from '../../components/page-error';

type Course = SiteContent['institute']['courses'][number];

function Batches({ slug, index }: { slug: CourseSlug; index: number }) {
  const { document, change, problems } = useEditing((draft) => [
    draft.institute.courses[index],
    draft.institute.seatsShownForDays,
  ]);
  const course = document.institute.courses[index] as Course;
  const listProblems = [
    ...problemsAt(problems, `institute.courses.${index}.batches`).filter((problem) => !problem.includes('.')),
    ...languages.flatMap((language) => problemsAt(problems, `${language}.courses.${slug}.batches`)),
  ];
  const add = () =>
    change((draft) => {
      const facts = (draft.institute.courses[index] as Course).batches;
      const id = newId(
        'batch',
        facts.map((fact) => fact.id),
      );
      facts.push({ id, starts: '' });
      for (const language of languages) draft.copy[language].courses[slug].batches[id] = '';
    });
  const remove = (id: string) =>
    change((draft) => {
      const facts = draft.institute.courses[index] as Course;
      facts.batches = facts.batches.filter((batch) => batch.id !== id);
      for (const language of languages) Reflect.deleteProperty(draft.copy[language].courses[slug].batches, id);
    });
  const today = localDate(new Date());
  return (
    <Panel title="Batches">
      <Flex vertical gap="large">
        <Typography.Text type="secondary">
          A batch leaves the page on the day it starts. Seats left are shown for {document.institute.seatsShownForDays}{' '}
          days after the day they were counted.
        </Typography.Text>
        {course.batches.map((batch, b) => (
          <section
            key={batch.id}
            aria-label={`Batch ${b + 1}`}
            style={{ borderTop: b > 0 ? '1px solid #f0f0f0' : undefined, paddingTop: b > 0 ? 16 : 0 }}
          >
            <Words label={`Batch ${b + 1} name`} path={['courses', slug, 'batches', batch.id]} />
            <Flex wrap gap="middle" align="end">
              <Fact label="Starts on" path={['courses', index, 'batches', b, 'starts']} kind="date" />
              <SeatsLeft index={index} b={b} today={today} />
              {batch.seatsLeft && (
                <Fact label="Counted on" path={['courses', index, 'batches', b, 'seatsLeft', 'asOf']} kind="date" />
              )}
              <Form.Item>
                <Popconfirm title="Remove this batch from the page?" onConfirm={() => remove(batch.id)}>
                  <Button danger>Remove batch {b + 1}</Button>
                </Popconfirm>
              </Form.Item>
            </Flex>
          </section>
        ))}
        {listProblems.length > 0 && <Typography.Text type="danger">{listProblems.join(' ')}</Typography.Text>}
        <Button onClick={add} style={{ alignSelf: 'start' }}>
          Add a batch
        </Button>
      </Flex>
    </Panel>
  );
}

/** Seats left: a count, dated the day it is typed (a new count is counted today); left empty, the page shows none. */
function SeatsLeft({ index, b, today }: { index: number; b: number; today: string }) {
  const { document, change } = useEditing((draft) => [draft.institute.courses[index]?.batches[b]]);
  const id = useId();
  const batch = (document.institute.courses[index] as Course).batches[b];
  return (
    <OwnForm>
      <Form.Item label="Seats left" htmlFor={id} layout="vertical" help="Empty: none shown.">
        <Input
          id={id}
          inputMode="numeric"
          value={batch?.seatsLeft?.count ?? ''}
          style={{ width: 120 }}
          onChange={(event) => {
            const typed = event.target.value.replace(/\D/g, '');
            change((draft) => {
              const target = (draft.institute.courses[index] as Course).batches[b];
              if (!target) return;
              target.seatsLeft = typed === '' ? undefined : { count: Number(typed), asOf: today };
            });
          }}
        />
      </Form.Item>
    </OwnForm>
  );
}

function Fees({ slug, index }: { slug: CourseSlug; index: number }) {
  const { document, change, problems } = useEditing((draft) => [draft.institute.courses[index]]);
  const course = document.institute.courses[index] as Course;
  // Each year's instalments add up to the fee (a two-year course: each year's, institute.courses[].fees.years).
  const years = [...new Set(course.fees.instalments.map((instalment) => instalment.year ?? 1))].sort((a, b) => a - b);
  const sums = years.map((year) => ({
    year,
    sum: course.fees.instalments
      .filter((instalment) => (instalment.year ?? 1) === year)
      .reduce((total, instalment) => total + instalment.amount, 0),
  }));
  const balanced = sums.every(({ sum }) => sum === course.fees.amount);
  const feeProblems = problemsAt(problems, `institute.courses.${slug}.fees`);
  const add = () =>
    change((draft) => {
      const facts = (draft.institute.courses[index] as Course).fees.instalments;
      const id = newId(
        'instalment',
        facts.map((fact) => fact.id),
      );
      facts.push({ id, amount: 0 });
      for (const language of languages)
        draft.copy[language].courses[slug].fees.instalments[id] = { label: '', due: '' };
    });
  const remove = (id: string) =>
    change((draft) => {
      const fees = (draft.institute.courses[index] as Course).fees;
      fees.instalments = fees.instalments.filter((instalment) => instalment.id !== id);
      for (const language of languages) Reflect.deleteProperty(draft.copy[language].courses[slug].fees.instalments, id);
    });
  return (
    <Panel title="Fees">
      <Flex vertical gap="middle">
        <Flex wrap gap="middle" align="end">
          <Fact label="Fee (GST included)" path={['courses', index, 'fees', 'amount']} kind="rupees" />
          <Form.Item label="For" layout="vertical">
            <Select
              aria-label="The fee is for"
              value={course.fees.per}
              style={{ width: 200 }}
              options={[
                { value: 'year', label: 'each year' },
                { value: 'course', label: 'the whole course' },
              ]}
              onChange={(per) => change((draft) => ((draft.institute.courses[index] as Course).fees.per = per))}
            />
          </Form.Item>
        </Flex>
        <Words label="About the fee" path={['courses', slug, 'fees', 'note']} multiline />
        <Flex wrap gap="middle" align="end">
          <Fact
            label="Years (a fee per year)"
            path={['courses', index, 'fees', 'years']}
            kind="number"
            optional
            help="How many years the programme runs: the pages show the total for all of them."
          />
          <Fact label="GST included (%)" path={['courses', index, 'fees', 'gstPercent']} kind="number" />
        </Flex>
        <Flex wrap gap="middle" align="end">
          <Fact
            label="Admission charge (part of the first instalment)"
            path={['courses', index, 'fees', 'admissionCharge']}
            kind="rupees"
            help="Kept on a refund; shown as its own line."
          />
          <Fact
            label="Refund: days from the batch starting"
            path={['courses', index, 'refund', 'days']}
            kind="number"
            help="Within these days, everything paid is refunded except the admission charge (the refund policy page)."
          />
        </Flex>
        {course.fees.instalments.map((instalment, i) => (
          <section key={instalment.id} aria-label={`Instalment ${i + 1}`}>
            <Flex wrap gap="middle" align="end">
              <Fact
                label={`Instalment ${i + 1} amount`}
                path={['courses', index, 'fees', 'instalments', i, 'amount']}
                kind="rupees"
              />
              <Fact
                label={`Instalment ${i + 1}: year of the programme`}
                path={['courses', index, 'fees', 'instalments', i, 'year']}
                kind="number"
                optional
              />
              <Form.Item>
                <Popconfirm title="Remove this instalment?" onConfirm={() => remove(instalment.id)}>
                  <Button danger>Remove instalment {i + 1}</Button>
                </Popconfirm>
              </Form.Item>
            </Flex>
            <Words
              label={`Instalment ${i + 1} name`}
              path={['courses', slug, 'fees', 'instalments', instalment.id, 'label']}
            />
            <Words
              label={`Instalment ${i + 1} due`}
              path={['courses', slug, 'fees', 'instalments', instalment.id, 'due']}
            />
          </section>
        ))}
        <Typography.Text type={balanced ? 'secondary' : 'danger'} role="status">
          {sums
            .map(
              ({ year, sum }) =>
                `${sums.length > 1 ? `Year ${year}: the` : 'The'} instalments add up to ${formatRupees(sum, 'en')}` +
                (sum === course.fees.amount
                  ? ', the fee.'
                  : `, not the fee of ${formatRupees(course.fees.amount, 'en')}.`),
            )
            .join(' ')}
        </Typography.Text>
        {feeProblems.length > 0 && <Typography.Text type="danger">{feeProblems.join(' ')}</Typography.Text>}
        <Button onClick={add} style={{ alignSelf: 'start' }}>
          Add an instalment
        </Button>
      </Flex>
    </Panel>
  );
}

/** Who the course's results count: the page says each count of students as "X of Y who sat". */
function WhoSat({ slug, index }: { slug: CourseSlug; index: number }) {
  return (
    <Panel title="Results: who sat">
      <Typography.Paragraph type="secondary">
        Each result that is a count of students is shown with how many sat that year and in how many batches; the
        content check refuses a count above those who sat.
      </Typography.Paragraph>
      <Flex wrap gap="middle" align="end">
        <Fact label="Year" path={['courses', index, 'cohort', 'year']} kind="number" />
        <Fact label="Students who sat" path={['courses', index, 'cohort', 'sat']} kind="number" />
        <Fact label="Batches that year" path={['courses', index, 'cohort', 'batches']} kind="number" />
      </Flex>
      <Words label="Beside each count ({sat}, {batches})" path={['courses', slug, 'resultsOf']} optional />
    </Panel>
  );
}

function About({ slug }: { slug: CourseSlug }) {
  return (
    <Panel title="About the course">
      <Words label="Name" path={['courses', slug, 'name']} />
      <Words label="Short name" path={['courses', slug, 'shortName']} />
      <Words label="Summary" path={['courses', slug, 'summary']} multiline />
      <Words label="For classes" path={['courses', slug, 'audience', 'classes']} />
      <Words label="Eligibility" path={['courses', slug, 'audience', 'eligibility']} multiline />
      <Words label="Mode" path={['courses', slug, 'mode']} />
      <Words label="Duration" path={['courses', slug, 'duration']} />
      <Words label="Timings" path={['courses', slug, 'schedule']} lines />
      <Words label="What it covers" path={['courses', slug, 'covers']} lines />
      <Words label="Tests" path={['courses', slug, 'tests']} lines />
      <Words label="Study material" path={['courses', slug, 'material']} lines />
    </Panel>
  );
}

function Faqs({ slug }: { slug: CourseSlug }) {
  // The list draws again when a question is added or removed, not as one is typed.
  const { document, change } = useEditing((draft) => [draft.copy.en.courses[slug].faqs.length]);
  const faqs = document.copy.en.courses[slug].faqs;
  const add = () =>
    change((draft) => {
      for (const language of languages) draft.copy[language].courses[slug].faqs.push({ question: '', answer: '' });
    });
  const remove = (index: number) =>
    change((draft) => {
      for (const language of languages) draft.copy[language].courses[slug].faqs.splice(index, 1);
    });
  return (
    <Panel title="Questions parents ask">
      <Flex vertical gap="middle">
        {faqs.map((_, index) => (
          <section key={index} aria-label={`Question ${index + 1}`}>
            <Words label={`Question ${index + 1}`} path={['courses', slug, 'faqs', index, 'question']} />
            <Words label={`Answer ${index + 1}`} path={['courses', slug, 'faqs', index, 'answer']} multiline />
            <Popconfirm title="Remove this question?" onConfirm={() => remove(index)}>
              <Button danger>Remove question {index + 1}</Button>
            </Popconfirm>
          </section>
        ))}
        <Button onClick={add} style={{ alignSelf: 'start' }}>
          Add a question
        </Button>
      </Flex>
    </Panel>
  );
}

/** Which teachers and testimonials the course page shows (in the order they are listed here). */
function People({ index }: { index: number }) {
  const { document } = useEditing((draft) => [
    draft.institute.courses[index]?.slug,
    draft.copy.en.teachers,
    draft.copy.en.testimonials,
  ]);
  const slug = (document.institute.courses[index] as Course).slug;
  const optionsOf = (words: Record<string, { name: string }>) =>
    Object.entries(words).map(([id, each]) => ({ value: id, label: each.name || id }));
  return (
    <Panel title="Who the page shows">
      <Choices
        label="Teachers"
        path={['courses', index, 'teachers']}
        alsoNamed={`institute.courses.${slug}.teachers`}
        options={optionsOf(document.copy.en.teachers)}
      />
      <Choices
        label="Testimonials"
        path={['courses', index, 'testimonials']}
        alsoNamed={`institute.courses.${slug}.testimonials`}
        options={optionsOf(document.copy.en.testimonials)}
      />
    </Panel>
  );
}

function Heading({ slug }: { slug: CourseSlug }) {
  const { document } = useEditing((draft) => [draft.copy.en.courses[slug].name]);
  return <PageHeading>{document.copy.en.courses[slug].name}</PageHeading>;
}

export default function CourseContent() {
  const { slug } = useParams();
  const course = courseSlugs.find((each) => each === slug);
  if (!course) throw new Response('There is no such course.', { status: 404 });
  const index = courseSlugs.indexOf(course);
  return (
    <ContentEditor previewPaths={[paths.course(course), paths.home]}>
      <Flex vertical gap="large">
        <Heading slug={course} />
        <Batches slug={course} index={index} />
        <Fees slug={course} index={index} />
        <About slug={course} />
        <WhoSat slug={course} index={index} />
        <People index={index} />
        <Faqs slug={course} />
      </Flex>
    </ContentEditor>
  );
}
