/**
 * Leads (admins only): how new enquiries are shared among the counsellors and what each takes,
 * how soon a new enquiry must be called (and the holidays), and the messages counsellors send.
 * (The scholarship test's bands are part of the site's content, Site content → Scholarship test
 * and demo class, so the desk and the pages read one description.)
 * Each part keeps what the admin typed until it is saved: while saving, after a refusal (the
 * server's words at the field), and leaving the page asks first.
 */
import { Flex } from 'antd';
import { useCallback, useState } from 'react';
import { useLoaderData } from 'react-router';
import { SettingSwitch } from './setting-switch';
import { FirstCall } from './first-call';
import { Messages } from './messages';
import { type Change, type Outcome, put, Unsaved } from './saving';
import { Sharing } from './sharing';
import { LeaveGuard } from '../../components/leave-guard';
import { PageHeading } from '../../components/page-heading';
import { Panel } from '../../components/panel';
import { saveAction } from '../../lib/save';
import { api } from '../../lib/api';

export async function loader() {
  const [assignment, firstContact, { templates }, verification] = await Promise.all([
    api('GET /assignment'),
    api('GET /settings/first-contact'),
    api('GET /settings/templates'),
    api('GET /settings/verification'),
  ]);
  return { assignment, firstContact, templates, verification };
}
export { PageError as ErrorBoundary } from '../../components/page-error';

export const action = saveAction<Change, Outcome>(put);

export default function Leads() {
  const { assignment, firstContact, templates, verification } = useLoaderData<typeof loader>();
  const [unsaved, setUnsaved] = useState<ReadonlySet<string>>(new Set());
  const report = useCallback(
    (part: string, holds: boolean) =>
      setUnsaved((parts) => {
        if (parts.has(part) === holds) return parts;
        const next = new Set(parts);
        if (holds) next.add(part);
        else next.delete(part);
        return next;
      }),
    [],
  );

  return (
    <Unsaved value={report}>
      <Flex vertical gap="large">
        <PageHeading>Leads</PageHeading>
        <LeaveGuard unsaved={unsaved.size > 0} stay="Stay on Leads">
          Some changes on this page are not saved yet. To keep them, stay and press their part&apos;s Save button.
        </LeaveGuard>
        <Panel title="Sharing new enquiries" style={{ maxWidth: 720 }}>
          <Sharing assignment={assignment} />
        </Panel>
        <Panel title="Proving numbers" style={{ maxWidth: 720 }}>
          <SettingSwitch
            setting="verification"
            stored={verification.enquiries}
            body={(enquiries) => ({ enquiries })}
            label="Ask for a code before an enquiry is sent"
            said={(on) =>
              on ? 'The enquiry form now asks for a code.' : 'The enquiry form no longer asks for a code.'
            }
          >
            When on, the enquiry form sends a code to the family&apos;s number by SMS or WhatsApp and the enquiry goes
            once it is typed; Meta and Google Ads then hear only of proved leads. Off keeps the form short: the
            counsellor calls the number anyway. A seat at the scholarship test or the demo class always needs the code.
          </SettingSwitch>
        </Panel>
        <Panel title="First call" style={{ maxWidth: 720 }}>
          <FirstCall stored={firstContact} />
        </Panel>
        <Panel title="Messages">
          <Messages stored={templates} />
        </Panel>
      </Flex>
    </Unsaved>
  );
}
