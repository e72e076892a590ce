/**
 * The institute's facts (editors and admins): how to reach it (phone, WhatsApp, email), where it
 * is and when it is open, in English and Hindi, and how long a batch's seats count is shown.
 * Changes go to the draft; the panel at the foot previews the contact page and publishes.
 */
import { Button, Flex, Popconfirm } from 'antd';
import { languages } from '../../../../shared/languages';
import { paths } from '../../../../shared/paths';
import { Fact, useEditing, Words } from './fields';
import { ContentEditor } from './publish';
import { Panel } from '../../components/panel';
import { deskPages } from '../../../../shared/desk-pages';

export { action, loader } from './publish';
export { PageError as ErrorBoundary } from '../../components/page-error';

function Hours() {
  const { document, change } = useEditing((draft) => [draft.copy.en.site.hours.length]);
  const hours = document.copy.en.site.hours;
  const add = () =>
    change((draft) => languages.forEach((language) => draft.copy[language].site.hours.push({ days: '', time: '' })));
  const remove = (index: number) =>
    change((draft) => languages.forEach((language) => draft.copy[language].site.hours.splice(index, 1)));
  return (
    <Panel title="Opening hours">
      {hours.map((_, index) => (
        <section key={index} aria-label={`Opening hours ${index + 1}`}>
          <Words label={`Days ${index + 1}`} path={['site', 'hours', index, 'days']} />
          <Words label={`Hours ${index + 1}`} path={['site', 'hours', index, 'time']} />
          {hours.length > 1 && (
            <Popconfirm title="Remove these hours?" onConfirm={() => remove(index)}>
              <Button danger style={{ marginBottom: 16 }}>
                Remove hours {index + 1}
              </Button>
            </Popconfirm>
          )}
        </section>
      ))}
      <Button onClick={add}>Add hours</Button>
    </Panel>
  );
}

export default function FactsContent() {
  return (
    <ContentEditor heading={deskPages.facts.section.name} previewPaths={[paths.contact, paths.home]}>
      <Flex vertical gap="large">
        <Panel title="Reaching the institute">
          <Flex wrap gap="middle">
            <Fact label="Phone" path={['phone']} kind="text" help="+91 and ten digits" />
            <Fact label="WhatsApp" path={['whatsapp']} kind="text" help="+91 and ten digits" />
            <Fact label="Email" path={['email']} kind="text" />
          </Flex>
        </Panel>
        <Panel title="Address">
          <Words label="Street" path={['site', 'address', 'street']} />
          <Words label="Area" path={['site', 'address', 'locality']} />
          <Words label="City" path={['site', 'address', 'city']} />
          <Words label="State" path={['site', 'address', 'state']} />
          <Fact label="PIN code" path={['postalCode']} kind="text" />
        </Panel>
        <Hours />
        <Panel title="Seats left">
          <Fact
            label="Days a seats count is shown"
            path={['seatsShownForDays']}
            kind="number"
            help="After this many days from the day it was counted, a batch's seats left is no longer shown."
          />
        </Panel>
      </Flex>
    </ContentEditor>
  );
}
