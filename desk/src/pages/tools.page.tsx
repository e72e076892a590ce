/** Admins' tools: export with filters, enrolments for Google Ads, erase a person's enquiries, delivery health. */
import { Alert, App, Button, Flex, Form, Input, Popconfirm, Select, Table, Typography } from 'antd';
import { useLoaderData } from 'react-router';
import { deliveryChannelLabel } from '../../../shared/delivery-channels';
import { enquiryStatuses } from '../../../shared/schema/desk-vocabulary';
import { api, ApiError, apiHref, type Query } from '../lib/api';
import { when } from '../lib/format';
import { ColourTag } from '../components/status-tag';
import { useOptions } from '../lib/options';
import { Panel } from '../components/panel';
import { PageHeading } from '../components/page-heading';
import { saveAction, useSave } from '../lib/save';
import type { DeliveriesReply } from '../../../shared/schema/replies/admin-tools';

type Delivery = DeliveriesReply['deliveries'][number];
type StatusCounts = DeliveriesReply['total'];
const countsText = (counts: StatusCounts) =>
  Object.entries(counts)
    .map(([status, count]) => `${count} ${status}`)
    .join(' · ');

/** The export's filters, named as the inbox's query names them; dates as YYYY-MM-DD. */
type ExportFilters = Pick<Query<'GET /export'>, 'status' | 'course' | 'from' | 'to'>;

/** Deliveries that cannot load leave the export and the erasure usable: the panel says why. */
export const loader = () =>
  api('GET /deliveries').then(
    (deliveries) => ({ deliveries, error: undefined }),
    (caught: unknown) => ({
      deliveries: undefined,
      error: caught instanceof ApiError ? caught.message : 'Could not load deliveries.',
    }),
  );
export { PageError as ErrorBoundary } from '../components/page-error';

/** Erasing a person's enquiries, or sending a delivery again: what to say. */
type Work = { erase: { email: string } | { phone: string } } | { retry: string };
type Outcome = { done: string } | { error: string };
export const action = saveAction<Work, Outcome>(async (work) => {
  try {
    if ('retry' in work) {
      await api('POST /deliveries/:id/retry', { params: { id: work.retry } });
      return { done: 'Queued again; it is sent within seconds.' };
    }
    const { erased } = await api('POST /erasure', { body: work.erase });
    return { done: `Erased ${erased} ${erased === 1 ? 'enquiry' : 'enquiries'}.` };
  } catch (caught) {
    if (caught instanceof ApiError) return { error: caught.message };
    return { error: 'retry' in work ? 'Could not retry.' : 'Could not erase.' };
  }
});

export default function Tools() {
  const options = useOptions();
  const { message } = App.useApp();
  const [exportForm] = Form.useForm<ExportFilters>();
  const [eraseForm] = Form.useForm<{ person: string }>();
  const { deliveries, error } = useLoaderData<typeof loader>();
  const save = useSave<Work, Outcome>();

  const exportSheet = (filters: ExportFilters) => window.location.assign(apiHref('GET /export', { query: filters }));

  const erase = async ({ person }: { person: string }) => {
    const value = person.trim();
    const outcome = await save({ erase: value.includes('@') ? { email: value } : { phone: value } });
    if (outcome && 'done' in outcome) {
      message.success(outcome.done);
      eraseForm.resetFields();
    } else message.error(outcome?.error ?? 'Could not erase.');
  };

  const retry = async (id: string) => {
    const outcome = await save({ retry: id });
    if (outcome && 'done' in outcome) message.success(outcome.done);
    else message.error(outcome?.error ?? 'Could not retry.');
  };

  return (
    <Flex vertical gap="large">
      <PageHeading>Exports and data</PageHeading>
      <Panel title="Export enquiries (spreadsheet)" style={{ maxWidth: 640 }}>
        <Typography.Paragraph type="secondary">
          A CSV file that opens as it is in Excel or Google Sheets: one row per enquiry as the inbox lists them, with
          the family&apos;s notes, times in India time and names as the desk shows them.
        </Typography.Paragraph>
        <Form name="export" form={exportForm} layout="vertical" onFinish={exportSheet}>
          <Form.Item label="Status" name="status">
            <Select
              allowClear
              placeholder="Any status"
              options={enquiryStatuses.map(({ value, label }) => ({ value, label }))}
            />
          </Form.Item>
          <Form.Item label="Course" name="course">
            <Select allowClear placeholder="Any course" options={options?.courses} />
          </Form.Item>
          <Flex gap="middle" wrap>
            <Form.Item label="Received from" name="from">
              <Input type="date" />
            </Form.Item>
            <Form.Item label="Received to" name="to">
              <Input type="date" />
            </Form.Item>
          </Flex>
          <Button type="primary" htmlType="submit">
            Download spreadsheet
          </Button>
        </Form>
      </Panel>
      <GoogleAdsExport />
      <Panel title="Erase a person's enquiries" style={{ maxWidth: 640 }}>
        <Typography.Paragraph type="secondary">
          Deletes every enquiry with this phone number (student&apos;s or parent&apos;s) or email, with their notes and
          history, as the privacy notice promises. It cannot be undone; the record keeps only that an erasure happened.
        </Typography.Paragraph>
        <Form name="erase" form={eraseForm} layout="vertical" onFinish={erase}>
          <Form.Item label="Phone number or email" name="person" rules={[{ required: true, whitespace: true }]}>
            <Input autoComplete="off" />
          </Form.Item>
          <Popconfirm title="Erase every enquiry of this person?" okText="Erase" onConfirm={() => eraseForm.submit()}>
            <Button danger>Erase</Button>
          </Popconfirm>
        </Form>
      </Panel>
      <Panel title="Deliveries">
        {error && <Alert type="error" title={error} showIcon />}
        <Typography.Paragraph>
          {Object.entries(deliveries?.byChannel ?? {}).map(([channel, counts]) => (
            <span key={channel} style={{ display: 'block' }}>
              {deliveryChannelLabel(channel)}: {countsText(counts)}
            </span>
          ))}
          {deliveries && Object.keys(deliveries.byChannel).length === 0 && 'No deliveries yet.'}
        </Typography.Paragraph>
        <Table<Delivery>
          rowKey="id"
          size="small"
          dataSource={deliveries?.deliveries}
          pagination={false}

          locale={{ emptyText: <Typography.Text type="secondary">Everything has been delivered.</Typography.Text> }}
          columns={[
            { title: 'Created', render: (_, row) => when(row.created_at) },
            { title: 'Channel', render: (_, row) => deliveryChannelLabel(row.channel) },
            {
              title: 'State',
              render: (_, row) => <ColourTag colour={row.status === 'failed' ? 'red' : 'blue'}>{row.status}</ColourTag>,
            },
            { title: 'Attempts', dataIndex: 'attempts', align: 'right' },
            { title: 'Last error', render: (_, row) => row.last_error ?? '—' },
            {
              title: 'Action',
              render: (_, row) =>
                row.status === 'failed' ? <Button onClick={() => void retry(row.id)}>Retry</Button> : null,
            },
          ]}
        />
      </Panel>
    </Flex>
  );
}

/** The period of the Google Ads export: enrolled from, to (YYYY-MM-DD, India's days). */
type EnrolmentPeriod = Query<'GET /exports/google-ads'>;

/** Enrolments from a Google ad click, as the file Google Ads imports (server/exports/google-ads-export.ts). */
function GoogleAdsExport() {
  const download = (period: EnrolmentPeriod) =>
    window.location.assign(apiHref('GET /exports/google-ads', { query: period }));
  return (
    <Panel title="Enrolments for Google Ads (CSV)" style={{ maxWidth: 640 }}>
      <Typography.Paragraph type="secondary">
        Enrolled students whose visit came from a Google ad, for Google Ads → Goals → Conversions → Uploads. Students
        under 18 and visitors who declined the advertising pixel are left out.
      </Typography.Paragraph>
      <Form<EnrolmentPeriod> name="google-ads" layout="vertical" onFinish={download}>
        <Flex gap="middle" wrap>
          <Form.Item label="Enrolled from" name="from">
            <Input type="date" />
          </Form.Item>
          <Form.Item label="Enrolled to" name="to">
            <Input type="date" />
          </Form.Item>
        </Flex>
        <Button htmlType="submit">Download for Google Ads</Button>
      </Form>
    </Panel>
  );
}
