/** Every enquiry, newest first: filters, search by name (either script), phone, city or email, pages from the server. Filters live in the URL. */
import { App, Button, Flex, Input, Select, Table, Typography } from 'antd';
import {
  Link,
  type LoaderFunctionArgs,
  useLoaderData,
  useLocation,
  useNavigation,
  useRevalidator,
  useSearchParams,
} from 'react-router';
import { attributionOfRow, describeSource } from '../../../shared/schema/attribution';
import { callFirst, deskLabels, enquiryStatuses, NO_SOURCE } from '../../../shared/schema/desk-vocabulary';
import { useEffect, useState } from 'react';
import { api, ApiError } from '../lib/api';
import { rememberInboxSearch, rememberQueue } from '../lib/lead-queue';
import { ago, labelOf } from '../lib/format';
import { searchByName, useOptions } from '../lib/options';
import { PhoneLinks } from '../components/contact-links';
import { StatusTag } from '../components/status-tag';
import { PageHeading } from '../components/page-heading';
import { deskPath } from '../../../shared/desk-pages';
import type { EnquirySummary } from '../../../shared/schema/replies/enquiries';

type Filter = 'status' | 'course' | 'assignee' | 'source' | 'from' | 'to' | 'q';

/** The filters are the page's URL: each change loads the page again. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  api('GET /enquiries', { query: new URL(request.url).search });
export { PageError as ErrorBoundary } from '../components/page-error';

export default function Inbox() {
  const [params, setParams] = useSearchParams();
  const data = useLoaderData<typeof loader>();
  const options = useOptions();
  const navigation = useNavigation();
  const { pathname, search } = useLocation();
  /** Other filters are being loaded (the table shows the last answer until then). */
  const loading = navigation.state === 'loading' && navigation.location.pathname === pathname;

  const { message } = App.useApp();
  const revalidator = useRevalidator();
  /** The enquiries chosen on this page, to assign at once. */
  const [selected, setSelected] = useState<string[]>([]);
  const [assignTo, setAssignTo] = useState<string>();
  const [assigning, setAssigning] = useState(false);
  const assign = async () => {
    // The button is pressed only once someone (or no one) is chosen.
    if (!assignTo) return;
    setAssigning(true);
    try {
      const answer = await api('POST /enquiries/assign', {
        body: {
          assigneeId: assignTo === 'none' ? null : assignTo,
          enquiries: data.items.filter((row) => selected.includes(row.id)).map(({ id, version }) => ({ id, version })),
        },
      });
      const names = (id: string) => data.items.find((row) => row.id === id)?.student_name ?? id;
      if (answer.refused.length > 0)
        message.warning(
          `Assigned ${answer.assigned.length}. Left as they were: ${answer.refused.map((each) => `${names(each.id)} (${each.reason})`).join('; ')}.`,
        );
      else message.success(`Assigned ${answer.assigned.length}.`);
      setSelected([]);
      void revalidator.revalidate();
    } catch (caught) {
      message.error(
        caught instanceof ApiError ? caught.message : 'Could not assign. Check the connection and try again.',
      );
    } finally {
      setAssigning(false);
    }
  };

  // "← All enquiries" comes back to these filters, and "Next lead" works down this page.
  useEffect(() => {
    rememberInboxSearch(search);
    rememberQueue(
      data.items.map((item) => item.id),
      'Enquiries',
    );
  }, [search, data]);

  /** Changes filters and goes back to the first page. */
  const update = (changes: Partial<Record<Filter | 'page', string | undefined>>) => {
    const next = new URLSearchParams(params);
    if (!('page' in changes)) next.delete('page');
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next);
  };

  return (
    <Flex vertical gap="middle">
      <PageHeading>Enquiries</PageHeading>
      <Link className="desk-target" to={deskPath('addEnquiry')}>
        Add an enquiry: a family that called or came in
      </Link>
      <Flex wrap gap="small" role="search" aria-label="Filter enquiries">
        <Input.Search
          aria-label="Search by name, phone, city or email"
          placeholder="Name, phone, city or email"
          allowClear
          defaultValue={params.get('q') ?? ''}
          onSearch={(value) => update({ q: value.trim() || undefined })}
          style={{ width: 260 }}
        />
        <Select
          aria-label="Filter by status"
          placeholder="Filter by status"
          allowClear
          value={params.get('status') ?? undefined}
          onChange={(value?: string) => update({ status: value })}
          options={enquiryStatuses.map(({ value, label }) => ({ value, label }))}
          style={{ width: 170 }}
        />
        <Select
          aria-label="Filter by course"
          placeholder="Filter by course"
          allowClear
          value={params.get('course') ?? undefined}
          onChange={(value?: string) => update({ course: value })}
          options={options?.courses}
          style={{ width: 260 }}
        />
        <Select
          aria-label="Filter by assignee"
          placeholder="Filter by assignee"
          allowClear
          showSearch={searchByName}
          value={params.get('assignee') ?? undefined}
          onChange={(value?: string) => update({ assignee: value })}
          options={[
            { value: 'me', label: 'Assigned to me' },
            { value: 'none', label: 'Not assigned' },
            ...(options?.team.map((member) => ({ value: member.id, label: member.name })) ?? []),
          ]}
          style={{ width: 190 }}
        />
        <Select
          aria-label="Filter by source"
          placeholder="Filter by source"
          allowClear
          value={params.get('source') ?? undefined}
          onChange={(value?: string) => update({ source: value })}
          options={[
            { value: NO_SOURCE, label: 'No campaign source' },
            ...(options?.sources.map((source) => ({ value: source, label: source })) ?? []),
          ]}
          style={{ width: 190 }}
        />
        {/* The browser's own date inputs (YYYY-MM-DD): a phone opens its own calendar. */}
        <Flex align="center" gap={8}>
          <label htmlFor="received-from">Received from</label>
          <Input
            id="received-from"
            type="date"
            value={params.get('from') ?? ''}
            max={params.get('to') ?? undefined}
            onChange={(event) => update({ from: event.target.value || undefined })}
            style={{ width: 170 }}
          />
        </Flex>
        <Flex align="center" gap={8}>
          <label htmlFor="received-to">Received to</label>
          <Input
            id="received-to"
            type="date"
            value={params.get('to') ?? ''}
            min={params.get('from') ?? undefined}
            onChange={(event) => update({ to: event.target.value || undefined })}
            style={{ width: 170 }}
          />
        </Flex>
      </Flex>
      {selected.length > 0 && (
        <Flex wrap gap="small" align="center" role="group" aria-label="Assign the chosen enquiries">
          <Typography.Text>{selected.length} chosen:</Typography.Text>
          <Select
            aria-label="Assign to"
            placeholder="Assign to"
            showSearch={searchByName}
            value={assignTo}
            onChange={(value: string) => setAssignTo(value)}
            options={[
              { value: 'none', label: 'Nobody' },
              ...(options?.team.map((member) => ({ value: member.id, label: member.name })) ?? []),
            ]}
            style={{ width: 190 }}
          />
          <Button type="primary" disabled={!assignTo || assigning} loading={assigning} onClick={() => void assign()}>
            Assign
          </Button>
        </Flex>
      )}
      <Table<EnquirySummary>
        rowKey="id"
        rowSelection={{
          // No "choose all" box in the header: rc-table copies the header into a hidden row to
          // measure it, and a checkbox there is focusable inside aria-hidden.
          hideSelectAll: true,
          columnTitle: <span className="sr-only">Choose</span>,
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys as string[]),
          getCheckboxProps: (row) => ({ 'aria-label': `Choose ${row.student_name}` }),
        }}
        size="small"
        loading={loading}
        dataSource={data.items}
        // Columns keep their width; on a phone the table scrolls sideways inside itself.
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Typography.Text type="secondary">No enquiries match.</Typography.Text> }}
        pagination={{
          current: data.page,
          pageSize: data.pageSize,
          total: data.total,
          showSizeChanger: false,
          showTotal: (total) => (total === 1 ? '1 enquiry' : `${total} enquiries`),
          onChange: (page) => update({ page: String(page) }),
        }}
        columns={[
          { title: deskLabels.status, render: (_, row) => <StatusTag status={row.status} /> },
          {
            title: 'Student',
            render: (_, row) => (
              <Link className="desk-target" to={deskPath('enquiry', { id: row.id })}>
                {row.student_name}
              </Link>
            ),
          },
          { title: 'Course', render: (_, row) => labelOf(options?.courses, row.course) },
          { title: 'Class', render: (_, row) => labelOf(options?.classLevels, row.class_level) },
          { title: 'City', dataIndex: 'city' },
          {
            title: 'Enquirer',
            render: (_, row) =>
              row.enquirer === 'parent' && row.parent_name
                ? row.parent_name
                : labelOf(options?.enquirers, row.enquirer),
          },
          {
            // The number to call first: a parent's for a student under 18, as Today and the call panel say it.
            title: 'Phone',
            render: (_, row) => {
              const phone = callFirst(row);
              return (
                <PhoneLinks
                  phone={phone}
                  name={phone === row.phone ? row.student_name : `parent ${row.parent_name ?? ''}`.trim()}
                />
              );
            },
          },
          { title: 'Language', render: (_, row) => labelOf(options?.languages, row.language) },
          {
            title: deskLabels.received,
            render: (_, row) => <time dateTime={row.created_at}>{ago(row.created_at)}</time>,
          },
          { title: deskLabels.cameFrom, render: (_, row) => describeSource(attributionOfRow(row)) },
          { title: deskLabels.assignee, render: (_, row) => row.assignee_name ?? '—' },
          { title: deskLabels.nextFollowUp, render: (_, row) => row.next_follow_up ?? '—' },
        ]}
      />
    </Flex>
  );
}
