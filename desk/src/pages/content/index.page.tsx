/**
 * The site's content (editors and admins): each course to edit, the versions published, and
 * the changes not yet published with their preview and publishing (content/publish.tsx).
 */
import { Flex, List, Typography } from 'antd';
import { Link } from 'react-router';
import { formatRupees } from '../../../../shared/format';
import { paths } from '../../../../shared/paths';
import { useEditing } from './fields';
import { ProspectusUpload } from './prospectus-upload';
import { ContentEditor } from './publish';
import { PageHeading } from '../../components/page-heading';
import { Panel } from '../../components/panel';
import { deskPath, sectionPages } from '../../../../shared/desk-pages';

export { action, loader } from './publish';
export { PageError as ErrorBoundary } from '../../components/page-error';

function Sections() {
  return (
    <Panel title="The rest of the site">
      <List
        dataSource={sectionPages}
        renderItem={(section) => (
          <List.Item>
            <Flex vertical>
              <Link className="desk-target" to={deskPath(section.page)}>
                {section.name}
              </Link>
              <Typography.Text type="secondary">{section.about}</Typography.Text>
            </Flex>
          </List.Item>
        )}
      />
    </Panel>
  );
}

function Courses() {
  const { document } = useEditing((draft) => [
    draft.institute.courses,
    ...draft.institute.courses.map((course) => draft.copy.en.courses[course.slug].name),
  ]);
  return (
    <Panel title="Courses">
      <List
        dataSource={document.institute.courses}
        renderItem={(course) => (
          <List.Item>
            <Flex vertical>
              <Link className="desk-target" to={deskPath('course', { slug: course.slug })}>
                {document.copy.en.courses[course.slug].name}
              </Link>
              <Typography.Text type="secondary">
                {formatRupees(course.fees.amount, 'en')} a {course.fees.per} · {course.batches.length}{' '}
                {course.batches.length === 1 ? 'batch' : 'batches'}
              </Typography.Text>
            </Flex>
          </List.Item>
        )}
      />
    </Panel>
  );
}

export default function Content() {
  return (
    <Flex vertical gap="large">
      <PageHeading>Site content</PageHeading>
      <Typography.Paragraph style={{ margin: 0 }}>
        What parents read on the site, in English and Hindi. Your changes are kept as you make them and reach the site
        when you publish them. <Link to={deskPath('versions')}>Every version published</Link>.
      </Typography.Paragraph>
      <ContentEditor previewPaths={[paths.home]}>
        <Flex vertical gap="large">
          <Courses />
          <Sections />
          <Panel title="Prospectus">
            <ProspectusUpload />
          </Panel>
        </Flex>
      </ContentEditor>
    </Flex>
  );
}
