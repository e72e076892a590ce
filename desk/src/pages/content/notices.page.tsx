/**
 * Notices (editors and admins): a dated announcement in English and Hindi, shown on the pages
 * chosen from its first day to its last (India time), then gone by itself. Changes go to the
 * draft; the panel at the foot previews the home page and publishes.
 */
import { Button, Flex, Form, Popconfirm, Select, Typography } from 'antd';
import { useId } from 'react';
import { languages } from '../../../../shared/languages';
import { paths } from '../../../../shared/paths';
import { courseSlugs } from '../../../../shared/courses';
import { localDate } from '../../../../shared/institute-calendar';
import type { SiteContent } from '../../../../src/content/site-content';
import { Choices, Fact, newId, useEditing, Words } from './fields';
import { ContentEditor } from './publish';
import { Panel } from '../../components/panel';
import { deskPages } from '../../../../shared/desk-pages';

export { action, loader } from './publish';
export { PageError as ErrorBoundary } from '../../components/page-error';

type Notice = NonNullable<SiteContent['institute']['notices']>[number];

/** Where a notice may be shown, and where its title may link, named as the desk names them. */
function usePlaces() {
  const { document } = useEditing((draft) => courseSlugs.map((slug) => draft.copy.en.courses[slug].name));
  const courseName = (slug: (typeof courseSlugs)[number]) => document.copy.en.courses[slug].name;
  return {
    pages: [
      { value: 'home', label: 'Home page' },
      ...courseSlugs.map((slug) => ({ value: slug, label: courseName(slug) })),
    ],
    links: [
      { value: '', label: 'Nowhere' },
      { value: paths.home, label: 'Home page' },
      ...courseSlugs.map((slug) => ({ value: paths.course(slug), label: courseName(slug) })),
      { value: paths.about, label: 'About us' },
      { value: paths.contact, label: 'Contact' },
    ],
  };
}

function NoticeFields({ notice, index }: { notice: Notice; index: number }) {
  const { change } = useEditing(() => []);
  const places = usePlaces();
  const id = useId();
  const edit = (apply: (target: Notice) => void) =>
    change((draft) => {
      const target = draft.institute.notices?.[index];
      if (target) apply(target);
    });
  const remove = () =>
    change((draft) => {
      draft.institute.notices = draft.institute.notices.filter((each) => each.id !== notice.id);
      for (const language of languages) {
        const words = draft.copy[language].notices;
        if (words) Reflect.deleteProperty(words, notice.id);
      }
    });
  return (
    <Panel title={`Notice ${index + 1}`}>
      <Words label="Title" path={['notices', notice.id, 'title']} />
      <Words label="More words" path={['notices', notice.id, 'body']} multiline optional />
      <Flex wrap gap="middle" align="end">
        <Fact label="First day shown" path={['notices', index, 'from']} kind="date" />
        <Fact label="Last day shown" path={['notices', index, 'until']} kind="date" />
        <Form.Item label="Its title links to" htmlFor={`${id}-link`} layout="vertical">
          <Select
            id={`${id}-link`}
            value={notice.link ?? ''}
            options={places.links}
            style={{ width: 260 }}
            onChange={(link: string) =>
              edit((target) => {
                if (link) target.link = link as Notice['link'];
                else delete target.link;
              })
            }
          />
        </Form.Item>
      </Flex>
      <Choices label="Shown on" path={['notices', index, 'on']} options={places.pages} />
      <Popconfirm title="Remove this notice from the site?" onConfirm={remove}>
        <Button danger>Remove notice {index + 1}</Button>
      </Popconfirm>
    </Panel>
  );
}

function Notices() {
  const { document, change } = useEditing((draft) => [draft.institute.notices]);
  const notices = document.institute.notices;
  const today = localDate(new Date());
  const add = () =>
    change((draft) => {
      const list = draft.institute.notices;
      const id = newId(
        'notice',
        list.map((each) => each.id),
      );
      list.push({ id, from: today, until: today, on: ['home'] });
      for (const language of languages) draft.copy[language].notices[id] = { title: '' };
    });
  return (
    <Flex vertical gap="large">
      <Typography.Paragraph style={{ margin: 0 }}>
        A notice shows from its first day to its last, both included (India time), on the pages ticked, then leaves them
        by itself. Plain words only: its title can link to a page of the site.
      </Typography.Paragraph>
      {notices.length === 0 && <Typography.Text type="secondary">No notices.</Typography.Text>}
      {notices.map((notice, index) => (
        <NoticeFields key={notice.id} notice={notice} index={index} />
      ))}
      <Button onClick={add} style={{ alignSelf: 'start' }}>
        Add a notice
      </Button>
    </Flex>
  );
}

export default function NoticesContent() {
  return (
    <ContentEditor
      heading={deskPages.notices.section.name}
      previewPaths={[paths.home, ...courseSlugs.map((slug) => paths.course(slug))]}
    >
      <Notices />
    </ContentEditor>
  );
}
