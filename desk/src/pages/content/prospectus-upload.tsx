/**
 * The prospectus (a PDF the contact page links to): upload a new one, see the one the draft
 * names, or take it off the site. Its own component, to be placed on whichever page holds the
 * site's facts; it edits institute.prospectus in the draft (draft.ts) like every field.
 */
import { Button, Flex, Typography } from 'antd';
import { paths } from '../../../../shared/paths';
import { problemsAt, useEditing } from './fields';
import { UploadButton } from './upload';

const megabytes = (bytes: number) => `${Math.max(0.1, Math.round(bytes / 104_857.6) / 10)} MB`;

export function ProspectusUpload() {
  const { document, change, problems } = useEditing((draft) => [draft.institute.prospectus]);
  const { prospectus } = document.institute;
  const found = problemsAt(problems, 'institute.prospectus');
  return (
    <Flex vertical gap="small">
      <Typography.Text>
        {prospectus ? (
          <>
            The contact page links to{' '}
            <a href={paths.media(prospectus.upload, prospectus.file)} target="_blank" rel="noreferrer">
              the prospectus
            </a>{' '}
            (PDF, {megabytes(prospectus.bytes)}).
          </>
        ) : (
          'No prospectus yet: the contact page offers none.'
        )}
      </Typography.Text>
      <Typography.Text type="secondary">A PDF of at most 10 MB, with no scripts or forms in it.</Typography.Text>
      <Flex gap="small" wrap>
        <UploadButton
          use="prospectus"
          label={prospectus ? 'Upload a new prospectus' : 'Upload the prospectus'}
          onUploaded={(reply) =>
            change((draft) => {
              draft.institute.prospectus = reply.reference as typeof draft.institute.prospectus;
            })
          }
        />
        {prospectus && (
          <Button onClick={() => change((draft) => Reflect.deleteProperty(draft.institute, 'prospectus'))}>
            Take it off the site
          </Button>
        )}
      </Flex>
      {found.length > 0 && <Typography.Text type="danger">{found.join(' ')}</Typography.Text>}
    </Flex>
  );
}
