/**
 * Teachers (editors and admins): each teacher's words in English and Hindi side by side (name,
 * subject, experience, what they are like as a teacher) and their portrait, uploaded from a
 * phone (the server crops, resizes and strips it: server/uploads/photos.ts) with what it shows
 * in both languages; the content check refuses a portrait without it. Changes go to the draft
 * and are published with the rest; the panel previews the about page.
 */
import { Button, Flex, Popconfirm, Typography } from 'antd';
import { languages } from '../../../../shared/languages';
import { paths } from '../../../../shared/paths';
import { courseSlugs } from '../../../../shared/courses';
import { variantName } from '../../../../shared/photos';
import { problemsAt, useEditing, Words } from './fields';
import { ContentEditor } from './publish';
import { UploadButton } from './upload';
import { Panel } from '../../components/panel';
import { deskPages } from '../../../../shared/desk-pages';

export { action, loader } from './publish';
export { PageError as ErrorBoundary } from '../../components/page-error';

function Portrait({ id }: { id: string }) {
  const { document, change, problems } = useEditing((draft) => [
    draft.institute.teacherPortraits[id],
    draft.copy.en.teachers[id]?.name,
  ]);
  const portrait = document.institute.teacherPortraits[id];
  const name = document.copy.en.teachers[id]?.name || 'this teacher';
  const found = problemsAt(problems, `institute.teacherPortraits.${id}`);
  return (
    <Flex vertical gap="small" style={{ marginBottom: 16 }}>
      <Flex gap="middle" align="center" wrap>
        {portrait === undefined ? (
          <Typography.Text type="secondary">No portrait: the site shows {name}&apos;s initials.</Typography.Text>
        ) : typeof portrait === 'string' ? (
          <Typography.Text>Portrait: {portrait} (from the site&apos;s own files)</Typography.Text>
        ) : (
          <img
            src={paths.media(portrait.upload, variantName('portrait', portrait.width, 'jpeg'))}
            width={104}
            height={104}
            style={{ borderRadius: '50%' }}
            alt={`The portrait of ${name} as the site shows it`}
          />
        )}
        <UploadButton
          use="portrait"
          label={portrait === undefined ? 'Upload a portrait' : 'Upload a new portrait'}
          onUploaded={(reply) =>
            change((draft) => {
              draft.institute.teacherPortraits[id] =
                reply.reference as (typeof draft.institute.teacherPortraits)[string];
            })
          }
        />
        {portrait !== undefined && (
          <Popconfirm
            title={`Show ${name}'s initials instead of the portrait?`}
            onConfirm={() =>
              change((draft) => {
                Reflect.deleteProperty(draft.institute.teacherPortraits, id);
                for (const language of languages) {
                  const words = draft.copy[language].teachers[id];
                  if (words) Reflect.deleteProperty(words, 'portraitAlt');
                }
              })
            }
          >
            <Button>Remove the portrait</Button>
          </Popconfirm>
        )}
      </Flex>
      <Typography.Text type="secondary">
        A photo of the teacher&apos;s face from a phone: it is cropped square from the middle and shown as a small
        circle. Where and on what it was taken is removed.
      </Typography.Text>
      {found.length > 0 && <Typography.Text type="danger">{found.join(' ')}</Typography.Text>}
      {portrait !== undefined && (
        <Words label="What the portrait shows, for someone who cannot see it" path={['teachers', id, 'portraitAlt']} />
      )}
    </Flex>
  );
}

function Teachers() {
  const { document } = useEditing((draft) =>
    Object.entries(draft.copy.en.teachers).flatMap(([id, words]) => [id, words.name]),
  );
  const ids = Object.keys(document.copy.en.teachers);
  return (
    <Flex vertical gap="large">
      {ids.map((id) => (
        <Panel key={id} title={document.copy.en.teachers[id]?.name || id}>
          <Portrait id={id} />
          <Words label="Name" path={['teachers', id, 'name']} />
          <Words label="Subject" path={['teachers', id, 'subject']} />
          <Words label="Experience" path={['teachers', id, 'experience']} />
          <Words label="About them" path={['teachers', id, 'bio']} multiline />
        </Panel>
      ))}
    </Flex>
  );
}

export default function TeachersContent() {
  return (
    <ContentEditor
      heading={deskPages.teachers.section.name}
      previewPaths={[paths.about, ...courseSlugs.map((slug) => paths.course(slug))]}
    >
      <Teachers />
    </ContentEditor>
  );
}
