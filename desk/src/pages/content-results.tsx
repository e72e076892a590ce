/**
 * Results and testimonials (editors and admins): what a student or parent said, in English and
 * Hindi, and the result behind it stated in full as India's 2024 guidelines on coaching
 * advertisements ask (exam and year, rank or percentile, the course taken and for how long,
 * paid or free seat); where each is shown. The content check refuses a testimonial whose words
 * claim a rank without its result. Changes go to the draft; the panel previews the home page.
 */
import { Button, Checkbox, Flex, Form, Popconfirm, Select, Typography } from 'antd';
import { useId } from 'react';
import { languages } from '../../../shared/languages';
import { courseSlugs, paths } from '../../../shared/paths';
import type { SiteContent } from '../../../src/content/site-content';
import { Fact, newId, problemsAt, useEditing, Words } from '../content/fields';
import { ContentEditor } from '../content/publish';
import { Panel } from '../panel';

export { action, loader } from '../content/publish';
export { PageError as ErrorBoundary } from '../page-error';

type Institute = SiteContent['institute'];
type Result = Institute['testimonialResults'][string];

function ResultFields({ id }: { id: string }) {
  const { document, change } = useEditing();
  const result = document.institute.testimonialResults[id];
  const fieldId = useId();
  const edit = (apply: (target: Result) => void) =>
    change((draft) => {
      const target = draft.institute.testimonialResults[id];
      if (target) apply(target);
    });
  const claims = result !== undefined;
  const choice = (
    label: string,
    key: string,
    value: string,
    options: { value: string; label: string }[],
    set: (value: string) => void,
  ) => (
    <Form.Item label={label} htmlFor={`${fieldId}-${key}`} layout="vertical">
      <Select id={`${fieldId}-${key}`} value={value} options={options} style={{ width: 220 }} onChange={set} />
    </Form.Item>
  );
  return (
    <>
      <Checkbox
        checked={claims}
        onChange={(event) =>
          change((draft) => {
            if (!event.target.checked) {
              Reflect.deleteProperty(draft.institute.testimonialResults, id);
              return;
            }
            draft.institute.testimonialResults[id] = {
              exam: 'NEET',
              year: new Date().getFullYear(),
              rank: { kind: 'AIR', value: 0 },
              course: courseSlugs[0],
              months: 0,
              paid: true,
            };
          })
        }
      >
        States a result (a rank, percentile or score)
      </Checkbox>
      {result && (
        <Flex wrap gap="middle" align="end" style={{ marginTop: 12 }}>
          {choice(
            'Exam',
            'exam',
            result.exam,
            [
              { value: 'NEET', label: 'NEET' },
              { value: 'JEE Main', label: 'JEE Main' },
            ],
            (exam) => edit((target) => (target.exam = exam as Result['exam'])),
          )}
          <Fact label="Year" path={['testimonialResults', id, 'year']} kind="number" />
          {choice(
            'Rank or percentile',
            'kind',
            result.rank.kind,
            [
              { value: 'AIR', label: 'All-India rank (AIR)' },
              { value: 'percentile', label: 'Percentile' },
            ],
            (kind) => edit((target) => (target.rank = { kind: kind as 'AIR', value: target.rank.value })),
          )}
          <Fact
            label={result.rank.kind === 'AIR' ? 'Rank' : 'Percentile'}
            path={['testimonialResults', id, 'rank', 'value']}
            kind="number"
          />
          {choice(
            'Course taken',
            'course',
            result.course,
            courseSlugs.map((slug) => ({ value: slug, label: document.copy.en.courses[slug].name })),
            (course) => edit((target) => (target.course = course as Result['course'])),
          )}
          <Fact label="Months with us" path={['testimonialResults', id, 'months']} kind="number" />
          {choice(
            'Fee',
            'paid',
            result.paid ? 'paid' : 'free',
            [
              { value: 'paid', label: 'Paid' },
              { value: 'free', label: 'Free (sponsored) seat' },
            ],
            (paid) => edit((target) => (target.paid = paid === 'paid')),
          )}
        </Flex>
      )}
    </>
  );
}

function Testimonial({ id, index }: { id: string; index: number }) {
  const { document, change, problems } = useEditing();
  const shownOn = [
    ...(document.institute.homeTestimonials.includes(id) ? ['home'] : []),
    ...document.institute.courses.filter((course) => course.testimonials.includes(id)).map((course) => course.slug),
  ];
  const claimProblems = languages
    .flatMap((language) => problemsAt(problems, `${language}.testimonials.${id}`))
    .filter((problem) => problem.startsWith('claims'));
  const show = (on: string[]) =>
    change((draft) => {
      const { institute } = draft;
      const placed = (list: string[], wanted: boolean) =>
        wanted ? (list.includes(id) ? list : [...list, id]) : list.filter((each) => each !== id);
      institute.homeTestimonials = placed(institute.homeTestimonials, on.includes('home'));
      for (const course of institute.courses)
        course.testimonials = placed(course.testimonials, on.includes(course.slug));
    });
  const remove = () =>
    change((draft) => {
      const { institute } = draft;
      institute.homeTestimonials = institute.homeTestimonials.filter((each) => each !== id);
      for (const course of institute.courses) course.testimonials = course.testimonials.filter((each) => each !== id);
      Reflect.deleteProperty(institute.testimonialResults, id);
      for (const language of languages) Reflect.deleteProperty(draft.copy[language].testimonials, id);
    });
  return (
    <Panel title={document.copy.en.testimonials[id]?.name || `Testimonial ${index + 1}`}>
      <Words label="Name" path={['testimonials', id, 'name']} />
      <Words label="Who they are" path={['testimonials', id, 'detail']} />
      <Words label="What they said" path={['testimonials', id, 'quote']} multiline />
      {claimProblems.length > 0 && <Typography.Text type="danger">{claimProblems.join(' ')}</Typography.Text>}
      <ResultFields id={id} />
      <Form.Item label="Shown on" layout="vertical" style={{ marginTop: 16 }}>
        <Checkbox.Group
          value={shownOn}
          options={[
            { value: 'home', label: 'Home page' },
            ...courseSlugs.map((slug) => ({ value: slug, label: document.copy.en.courses[slug].name })),
          ]}
          onChange={(on) => show(on as string[])}
        />
      </Form.Item>
      <Popconfirm title="Remove this testimonial from the site?" onConfirm={remove}>
        <Button danger>Remove {document.copy.en.testimonials[id]?.name || `testimonial ${index + 1}`}</Button>
      </Popconfirm>
    </Panel>
  );
}

function Testimonials() {
  const { document, change } = useEditing();
  const ids = Object.keys(document.copy.en.testimonials);
  const add = () =>
    change((draft) => {
      const id = newId('student', Object.keys(draft.copy.en.testimonials));
      for (const language of languages) draft.copy[language].testimonials[id] = { name: '', detail: '', quote: '' };
    });
  return (
    <Flex vertical gap="large">
      <Typography.Paragraph style={{ margin: 0 }}>
        A result is counted once, from the student&apos;s score card, and says what it counts: the exam and year, the
        rank, the course the student took with us and for how long, and whether they paid.
      </Typography.Paragraph>
      {ids.map((id, index) => (
        <Testimonial key={id} id={id} index={index} />
      ))}
      <Button onClick={add} style={{ alignSelf: 'start' }}>
        Add a result or testimonial
      </Button>
    </Flex>
  );
}

export default function ResultsContent() {
  return (
    <ContentEditor
      heading="Results and testimonials"
      previewPaths={[paths.home, ...courseSlugs.map((slug) => paths.course(slug))]}
    >
      <Testimonials />
    </ContentEditor>
  );
}
