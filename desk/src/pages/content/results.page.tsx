/**
 * Results and testimonials (editors and admins): what a student or parent said, in English and
 * Hindi, and the result behind it stated in full as India's 2024 guidelines on coaching
 * advertisements ask (exam and year, rank or percentile, the course taken and for how long,
 * paid or free seat); the student's photo, uploaded from a phone with what it shows in both
 * languages; and the student's written consent those guidelines require before a result in their
 * name or their photo is shown (the day it was signed, who signed it, the scan of the signed form,
 * seen by staff only). Where each is shown. The content check refuses a testimonial whose words
 * claim a rank without its result, and one that states a result or shows a photo without consent,
 * named at its fields. Changes go to the draft; the panel previews the home page.
 */
import { Button, Checkbox, Flex, Form, Popconfirm, Radio, Select, Typography } from 'antd';
import { useId } from 'react';
import { languages } from '../../../../shared/languages';
import { paths } from '../../../../shared/paths';
import { courseSlugs } from '../../../../shared/courses';
import { variantName } from '../../../../shared/photos';
import type { SiteContent } from '../../../../src/content/site-content';
import { Fact, newId, problemsAt, useEditing, Words } from './fields';
import { ContentEditor } from './publish';
import { UploadButton } from './upload';
import { Panel } from '../../components/panel';
import { deskPages } from '../../../../shared/desk-pages';

export { action, loader } from './publish';
export { PageError as ErrorBoundary } from '../../components/page-error';

type Institute = SiteContent['institute'];

/** The courses' names, as the results' choices show them. */
const courseNames = (draft: SiteContent) => courseSlugs.map((slug) => draft.copy.en.courses[slug].name);
type Result = Institute['testimonialResults'][string];
type Consent = Institute['testimonialConsents'][string];

/** The student's photo on the testimonial: uploaded from a phone, cropped square, its metadata removed by the server. */
function StudentPhoto({ id }: { id: string }) {
  const { document, change, problems } = useEditing((draft) => [
    draft.institute.testimonialPhotos[id],
    draft.copy.en.testimonials[id]?.name,
  ]);
  const photo = document.institute.testimonialPhotos[id];
  const name = document.copy.en.testimonials[id]?.name || 'this student';
  const found = problemsAt(problems, `institute.testimonialPhotos.${id}`);
  return (
    <Flex vertical gap="small" style={{ marginBottom: 16 }}>
      <Flex gap="middle" align="center" wrap>
        {photo === undefined ? (
          <Typography.Text type="secondary">No photo of the student.</Typography.Text>
        ) : typeof photo === 'string' ? (
          <Typography.Text>Photo: {photo} (from the site&apos;s own files)</Typography.Text>
        ) : (
          <img
            src={paths.media(photo.upload, variantName('student', photo.width, 'jpeg'))}
            width={96}
            height={96}
            style={{ borderRadius: '50%' }}
            alt={`${name} as the testimonial shows them`}
          />
        )}
        <UploadButton
          use="student"
          label={photo === undefined ? "Upload the student's photo" : 'Upload a new photo'}
          onUploaded={(reply) =>
            change((draft) => {
              draft.institute.testimonialPhotos[id] = reply.reference as Institute['testimonialPhotos'][string];
            })
          }
        />
        {photo !== undefined && (
          <Popconfirm
            title={`Show ${name}'s testimonial without a photo?`}
            onConfirm={() =>
              change((draft) => {
                Reflect.deleteProperty(draft.institute.testimonialPhotos, id);
                for (const language of languages) {
                  const words = draft.copy[language].testimonials[id];
                  if (words) Reflect.deleteProperty(words, 'photoAlt');
                }
              })
            }
          >
            <Button>Remove the photo</Button>
          </Popconfirm>
        )}
      </Flex>
      <Typography.Text type="secondary">
        A photo of the student&apos;s face from a phone: it is cropped square from the middle and shown as a circle
        beside the testimonial. Where and on what it was taken is removed.
      </Typography.Text>
      {found.length > 0 && <Typography.Text type="danger">{found.join(' ')}</Typography.Text>}
      {photo !== undefined && (
        <Words label="What the photo shows, for someone who cannot see it" path={['testimonials', id, 'photoAlt']} />
      )}
    </Flex>
  );
}

/**
 * The student's written consent: asked for once the testimonial states a result or shows a photo.
 * Its problems are shown here, at the consent; the day's at its field.
 */
function ConsentFields({ id }: { id: string }) {
  const { document, change, problems } = useEditing((draft) => [
    draft.institute.testimonialConsents[id],
    id in draft.institute.testimonialResults,
    id in draft.institute.testimonialPhotos,
  ]);
  const consent = document.institute.testimonialConsents[id];
  const needed = id in document.institute.testimonialResults || id in document.institute.testimonialPhotos;
  const path = `institute.testimonialConsents.${id}`;
  const found = problems
    .filter((problem) => [':', '.by:', '.scan'].some((after) => problem.startsWith(`${path}${after}`)))
    .map((problem) => problem.slice(problem.indexOf(': ') + 2));
  if (!needed && consent === undefined) return null;
  const edit = (apply: (target: Consent) => void) =>
    change((draft) => {
      const target = (draft.institute.testimonialConsents[id] ??= {});
      apply(target);
    });
  return (
    <Flex vertical gap="small" style={{ marginTop: 16 }}>
      <Typography.Title level={3} style={{ fontSize: 16, margin: 0 }}>
        The student&apos;s written consent
      </Typography.Title>
      <Typography.Text type="secondary">
        A result in a student&apos;s name, or their photo, is published only with their written consent, signed after
        the result (India&apos;s 2024 rules on coaching advertisements); a parent or guardian signs for a student under
        18. Upload the signed form and give the day it was signed. Only staff who edit the site can open it.
      </Typography.Text>
      {consent?.sample && (
        <Typography.Text>
          A made-up student of the sample content: no consent is needed while the site says its names are sample data.
        </Typography.Text>
      )}
      <Flex wrap gap="middle" align="end">
        <Fact label="Day the form was signed" path={['testimonialConsents', id, 'date']} kind="date" optional />
        <Form.Item label="Signed by" layout="vertical">
          <Radio.Group
            value={consent?.by}
            options={[
              { value: 'student', label: 'The student' },
              { value: 'parent', label: 'A parent or guardian' },
            ]}
            onChange={(event) => edit((target) => (target.by = event.target.value as Consent['by']))}
          />
        </Form.Item>
        <Form.Item layout="vertical">
          <Checkbox
            checked={consent?.minor ?? false}
            onChange={(event) => edit((target) => (target.minor = event.target.checked))}
          >
            The student was under 18 when it was signed
          </Checkbox>
        </Form.Item>
      </Flex>
      <Flex gap="middle" align="center" wrap>
        {consent?.scan ? (
          <Typography.Link href={paths.consentScan(consent.scan.upload, consent.scan.file)} target="_blank">
            Open the signed form ({consent.scan.file.endsWith('.pdf') ? 'PDF' : 'photo'})
          </Typography.Link>
        ) : (
          <Typography.Text type="secondary">No signed form uploaded.</Typography.Text>
        )}
        <UploadButton
          use="consent"
          label={consent?.scan ? 'Upload the signed form again' : 'Upload the signed form (PDF or photo)'}
          onUploaded={(reply) =>
            edit((target) => {
              target.scan = reply.reference as NonNullable<Consent['scan']>;
              Reflect.deleteProperty(target, 'sample');
            })
          }
        />
      </Flex>
      {found.length > 0 && (
        <Typography.Text type="danger" role="status">
          {found.join(' ')}
        </Typography.Text>
      )}
    </Flex>
  );
}

function ResultFields({ id }: { id: string }) {
  const { document, change } = useEditing((draft) => [draft.institute.testimonialResults[id], ...courseNames(draft)]);
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
  const { document, change, problems } = useEditing((draft) => [
    draft.institute.homeTestimonials,
    draft.institute.courses,
    draft.copy.en.testimonials[id]?.name,
    ...courseNames(draft),
  ]);
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
      Reflect.deleteProperty(institute.testimonialPhotos, id);
      Reflect.deleteProperty(institute.testimonialConsents, id);
      for (const language of languages) Reflect.deleteProperty(draft.copy[language].testimonials, id);
    });
  return (
    <Panel title={document.copy.en.testimonials[id]?.name || `Testimonial ${index + 1}`}>
      <Words label="Name" path={['testimonials', id, 'name']} />
      <Words
        label="Who they are"
        path={['testimonials', id, 'detail']}
        help="Their class and year, e.g. Class 12, 2025–26 (a result has its own fields below)."
      />
      <Words label="What they said" path={['testimonials', id, 'quote']} multiline />
      {claimProblems.length > 0 && <Typography.Text type="danger">{claimProblems.join(' ')}</Typography.Text>}
      <StudentPhoto id={id} />
      <ResultFields id={id} />
      <ConsentFields id={id} />
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
  const { document, change } = useEditing((draft) => Object.keys(draft.copy.en.testimonials));
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
      heading={deskPages.results.section.name}
      previewPaths={[paths.home, ...courseSlugs.map((slug) => paths.course(slug))]}
    >
      <Testimonials />
    </ContentEditor>
  );
}
