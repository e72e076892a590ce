/**
 * The owner's figures for today, this week and a period (the last 30 or 90 days, or chosen
 * dates): speed to lead (how soon families were first called, in working time against the
 * target) overall, per counsellor and per week; conversions per counsellor and campaign; overdue
 * follow-ups and first calls; enquiries per day by course, the status funnel, enrolments by
 * course. The two plots
 * (per day, funnel: ./charts.tsx) have their numbers in a table too; the other figures
 * are tables with a bar in each row to compare them at a glance.
 */
import { Button, Col, Flex, Row, Segmented, Table, type TableColumnType, Typography } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { Form, type LoaderFunctionArgs, useLoaderData, useSearchParams } from 'react-router';
import { formatRupees } from '../../../../shared/format';
import {
  DASHBOARD_MAX_DAYS,
  deskLabels,
  enquiryStatuses,
  statusLabel,
} from '../../../../shared/schema/desk-vocabulary';
import { dayLabel, dayWithWeekday, duration, labelOf } from '../../lib/format';
import { useOptions } from '../../lib/options';
import { Panel } from '../../components/panel';
import { PageHeading } from '../../components/page-heading';
import { DailyPlot, type DayCounts, FunnelPlot } from './charts';
import type { DashboardReply } from '../../../../shared/schema/replies/figures';
import { api } from '../../lib/api';

/** A plot with what it counts; hidden from screen readers, which read its numbers in the tables. */
function ChartFigure({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <figure style={{ margin: 0 }}>
      <div aria-hidden>{children}</div>
      <figcaption style={{ marginTop: 8 }}>{caption}</figcaption>
    </figure>
  );
}

/** Enquiries, visits, enrolments and their fees for one campaign source or campaign (null: the visit named none). */
type Outcome = DashboardReply['bySource'][number];

const inLakh = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/**
 * Which campaigns bring admissions, not only enquiries (utm_source / utm_campaign of each visit's
 * first page): visits booked (or since enrolled), enrolments, and the enrolled courses' fees today.
 */
function OutcomeTable({ rows, name, none }: { rows: Outcome[] | undefined; name: string; none: string }) {
  return (
    <Table<Outcome>
      rowKey={(row) => row.value ?? ''}
      size="small"
      pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
      dataSource={rows}
      locale={{ emptyText: <Typography.Text type="secondary">No enquiries in this period.</Typography.Text> }}
      columns={[
        {
          title: name,
          // A campaign's name is often one long word (neet-2027-launch): it wraps rather than widening the table.
          render: (_, row) => (
            <span style={{ overflowWrap: 'anywhere' }}>
              {row.value ?? <Typography.Text type="secondary">{none}</Typography.Text>}
            </span>
          ),
        },
        { title: 'Enquiries', dataIndex: 'count', align: 'right' },
        // Left out below antd's `sm` breakpoint with the share below: five numbers do not fit a 360 px screen.
        { title: 'Visits', dataIndex: 'visits', align: 'right', responsive: ['sm'] },
        { title: 'Enrolled', dataIndex: 'enrolled', align: 'right' },
        {
          title: 'Fees',
          align: 'right',
          // In lakh and crore (₹2.4L), as fees are spoken of; the exact sum on hover.
          render: (_, row) => (
            <span title={formatRupees(row.fees, 'en')}>{row.fees ? inLakh.format(row.fees) : '₹0'}</span>
          ),
        },
        {
          title: 'Enrolled of enquiries',
          align: 'right',
          // Left out below antd's `sm` breakpoint, so the table fits a phone's screen.
          responsive: ['sm'],
          render: (_, row) => (row.count ? `${Math.round((row.enrolled / row.count) * 100)}%` : '—'),
        },
      ]}
    />
  );
}

/**
 * A table's last column: each row's count as a bar (decoration: the number is in the row).
 * Below antd's `sm` breakpoint it is left out, so the table fits a phone's screen.
 */
function barColumn<Row>(count: (row: Row) => number, max: number): TableColumnType<Row> {
  return {
    title: <span className="sr-only">Bar</span>,
    responsive: ['sm'],
    render: (_, row) => (
      <div aria-hidden className="desk-bar">
        <div style={{ width: `${max ? Math.round((count(row) / max) * 100) : 0}%` }} />
      </div>
    ),
  };
}

/** Speed to lead for a group (a period, a counsellor, a week): see shared/speed-to-lead.ts. */
type Speed = DashboardReply['range'];
type SpeedRow = Omit<Speed, 'from' | 'to' | 'visits' | 'enrolled'> & { key: string; label: ReactNode };

const percent = (part: number, whole: number | null) => (whole ? `${Math.round((part / whole) * 100)}%` : '—');
const minutes = (value: number | null) => (value === null ? '—' : duration(value * 60_000));

/**
 * Families, how many were called within the target (and the share of those decided), the median
 * and p90 working time to the first call, and those waiting past the target. Median and p90 are
 * left out below antd's `sm` breakpoint, so the table fits a 360 px screen.
 */
function SpeedTable({ rows, name }: { rows: SpeedRow[]; name: string }) {
  return (
    <Table<SpeedRow>
      rowKey="key"
      size="small"
      pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
      dataSource={rows}
      locale={{ emptyText: <Typography.Text type="secondary">No enquiries in this period.</Typography.Text> }}
      columns={[
        { title: name, render: (_, row) => <span style={{ overflowWrap: 'anywhere' }}>{row.label}</span> },
        { title: 'Enquiries', dataIndex: 'count', align: 'right' },
        {
          title: 'Called in time',
          align: 'right',
          // Of those decided: called within the target, or past it (called late, or not called);
          // families still within their target are neither yet (the review's L4 read "24 (100%)"
          // beside 47 enquiries as all 47).
          render: (_, row) =>
            `${row.withinTarget} of ${row.withinTarget + row.missed} (${percent(row.withinTarget, row.withinTarget + row.missed)})`,
        },
        { title: 'Median', align: 'right', responsive: ['sm'], render: (_, row) => minutes(row.medianMinutes) },
        { title: 'p90', align: 'right', responsive: ['sm'], render: (_, row) => minutes(row.p90Minutes) },
        { title: 'Not called, late', dataIndex: 'overdue', align: 'right' },
      ]}
    />
  );
}

/**
 * The period is in the URL: ?days=90, or ?from=…&to=… (India dates, both included); nothing is
 * the last 30 days. Choosing one loads the page again.
 */
const periodQuery = (params: URLSearchParams) => {
  const from = params.get('from');
  const to = params.get('to');
  if (from && to) return `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
  return `days=${params.get('days') === '90' ? 90 : 30}`;
};

export const loader = ({ request }: LoaderFunctionArgs) =>
  api('GET /dashboard', { query: periodQuery(new URL(request.url).searchParams) });
export { PageError as ErrorBoundary } from '../../components/page-error';

export default function Dashboard() {
  const figures = useLoaderData<typeof loader>();
  const [params, setParams] = useSearchParams();
  const chosen = params.get('from') ? 'dates' : params.get('days') === '90' ? 90 : 30;
  const options = useOptions();
  const counsellorName = (row: { counsellor: string | null; name?: string | null }) =>
    row.counsellor === null ? 'Not assigned' : (row.name ?? row.counsellor);

  /** Today, this week and the chosen period: rows of the speed table and of visits and enrolments. */
  const periods = figures
    ? [
        { key: 'today', label: 'Today', ...figures.today },
        { key: 'week', label: 'This week', ...figures.week },
        { key: 'range', label: `${figures.firstDay} to ${figures.lastDay}`, ...figures.range },
      ]
    : [];

  const perDay = useMemo(() => {
    const byDay = new Map<string, number>();
    for (const row of figures?.perDay ?? []) byDay.set(row.day, (byDay.get(row.day) ?? 0) + row.count);
    return [...byDay].sort(([a], [b]) => (a < b ? 1 : -1)).map(([day, count]) => ({ day, count }));
  }, [figures]);
  const perCourse = useMemo(() => {
    const byCourse = new Map<string, number>();
    for (const row of figures?.perDay ?? []) byCourse.set(row.course, (byCourse.get(row.course) ?? 0) + row.count);
    return [...byCourse].map(([course, count]) => ({ course, count })).sort((a, b) => b.count - a.count);
  }, [figures]);
  // Every day of the period, with a count per course (0 when none came that day).
  const daily = useMemo(() => {
    if (!figures) return [];
    const rows: DayCounts[] = [];
    for (let day = figures.firstDay; day <= figures.lastDay; day = nextDay(day)) {
      const counts: Record<string, number> = {};
      for (const entry of figures.perDay) if (entry.day === day) counts[entry.course] = entry.count;
      rows.push({ day, counts });
    }
    return rows;
  }, [figures]);
  const courseSeries = perCourse.map(({ course }) => ({ key: course, label: labelOf(options?.courses, course) }));
  const funnel = enquiryStatuses.map(({ value }) => ({
    status: value,
    count: figures?.byStatus.find((row) => row.status === value)?.count ?? 0,
  }));
  const total = funnel.reduce((sum, row) => sum + row.count, 0);
  const maxDay = Math.max(0, ...perDay.map((row) => row.count));
  const maxCourse = Math.max(0, ...perCourse.map((row) => row.count));
  const maxEnrolled = Math.max(0, ...(figures?.enrolledByCourse.map((row) => row.count) ?? []));

  return (
    <Flex vertical gap="large">
      <Flex wrap gap="middle" align="center" justify="space-between">
        <PageHeading>Dashboard</PageHeading>
        <Segmented
          aria-label="Period"
          value={chosen}
          onChange={(value) => value !== 'dates' && setParams(value === 90 ? { days: '90' } : {}, { replace: true })}
          options={[
            { value: 30, label: 'Last 30 days' },
            { value: 90, label: 'Last 90 days' },
            { value: 'dates', label: 'Dates', disabled: chosen !== 'dates' },
          ]}
        />
      </Flex>
      {/* Chosen dates go in the URL as the form's query (from, to), like the two periods above. */}
      <Form method="get" replace>
        <Flex wrap gap="small" align="end">
          <label>
            From <input type="date" name="from" required defaultValue={figures?.firstDay} />
          </label>
          <label>
            To <input type="date" name="to" required defaultValue={figures?.lastDay} />
          </label>
          <Button htmlType="submit">Show</Button>
          <Typography.Text type="secondary">At most {DASHBOARD_MAX_DAYS} days.</Typography.Text>
        </Flex>
      </Form>
      {figures && (
        <Typography.Text type="secondary">
          Families by their first enquiry, from {figures.firstDay} to {figures.lastDay} (India time), as they stand
          today. First call target: {minutes(figures.targetMinutes)} of working time.
        </Typography.Text>
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Panel title="Speed to lead">
            <SpeedTable name="Period" rows={periods} />
            <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0' }}>
              {figures.fromPush.pushed === 0
                ? 'No lead rang a counsellor’s phone in this period (each turns it on under Notifications).'
                : `From the phone ringing to the first call: median ${minutes(figures.fromPush.medianMinutes)} of working time (${figures.fromPush.called} of ${figures.fromPush.pushed} leads that rang a phone were called).`}
            </Typography.Paragraph>
          </Panel>
        </Col>
        <Col xs={24} lg={12}>
          <Panel title="Visits and enrolments">
            <Table<Speed & { key: string; label: string }>
              rowKey="key"
              size="small"
              pagination={false}
              dataSource={periods}
              columns={[
                { title: 'Period', dataIndex: 'label' },
                { title: 'Enquiries', dataIndex: 'count', align: 'right' },
                { title: 'Visits', dataIndex: 'visits', align: 'right' },
                { title: 'Enrolled', dataIndex: 'enrolled', align: 'right' },
              ]}
            />
          </Panel>
        </Col>
        <Col xs={24} lg={12}>
          <Panel title="Speed to lead by counsellor">
            <SpeedTable
              name="Counsellor"
              rows={(figures?.byCounsellor ?? [])
                .filter((row) => row.count)
                .map((row) => ({ ...row, key: row.counsellor ?? '', label: counsellorName(row) }))}
            />
          </Panel>
        </Col>
        <Col xs={24} lg={12}>
          <Panel title="Speed to lead by week (from Monday)">
            <SpeedTable
              name="Week of"
              rows={(figures?.byWeek ?? []).map((row) => ({ ...row, key: row.week, label: dayLabel(row.weekStart) }))}
            />
          </Panel>
        </Col>
        <Col xs={24}>
          <Panel title="Counsellors: conversions and overdue work now">
            <Table<DashboardReply['byCounsellor'][number]>
              rowKey={(row) => row.counsellor ?? ''}
              size="small"
              pagination={false}
              dataSource={figures?.byCounsellor}
              locale={{ emptyText: <Typography.Text type="secondary">Nothing to show.</Typography.Text> }}
              columns={[
                {
                  title: 'Counsellor',
                  render: (_, row) => <span style={{ overflowWrap: 'anywhere' }}>{counsellorName(row)}</span>,
                },
                { title: 'Enquiries', dataIndex: 'count', align: 'right', responsive: ['sm'] },
                // Of the period's enquiries: visits booked (or since enrolled), and enrolments.
                {
                  title: 'Visited',
                  align: 'right',
                  responsive: ['sm'],
                  render: (_, row) => `${row.visits} (${percent(row.visits, row.count)})`,
                },
                {
                  title: 'Enrolled',
                  align: 'right',
                  render: (_, row) => `${row.enrolled} (${percent(row.enrolled, row.count)})`,
                },
                { title: 'Follow-ups overdue', dataIndex: 'overdueFollowUps', align: 'right' },
                { title: 'First calls overdue', dataIndex: 'overdueFirstCalls', align: 'right' },
              ]}
            />
          </Panel>
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24}>
          <Panel title="Enquiries per day, by course">
            <ChartFigure caption="Enquiries received each day, stacked by course. The numbers are in the tables below.">
              <DailyPlot
                days={daily}
                series={courseSeries}
                dayTitle={(day, count) => `${dayWithWeekday(day)}: ${count} ${count === 1 ? 'enquiry' : 'enquiries'}`}
              />
            </ChartFigure>
          </Panel>
        </Col>
        <Col xs={24} lg={12}>
          <Panel title="Status funnel">
            <ChartFigure caption="Where this period's enquiries stand now. The numbers are in the table below.">
              <FunnelPlot rows={funnel.map((row) => ({ label: statusLabel(row.status), count: row.count }))} />
            </ChartFigure>
            <Table<(typeof funnel)[number]>
              style={{ marginTop: 16 }}
              rowKey="status"
              size="small"
              pagination={false}
              dataSource={funnel}
              columns={[
                { title: deskLabels.status, render: (_, row) => statusLabel(row.status) },
                { title: 'Enquiries', dataIndex: 'count', align: 'right' },
                {
                  title: 'Share',
                  render: (_, row) => (total ? `${Math.round((row.count / total) * 100)}%` : '—'),
                  align: 'right',
                },
                barColumn((row) => row.count, total),
              ]}
            />
          </Panel>
        </Col>
        <Col xs={24} lg={12}>
          <Panel title="Enrolments by course">
            <Table<DashboardReply['enrolledByCourse'][number]>
              rowKey="course"
              size="small"
              pagination={false}
              dataSource={figures?.enrolledByCourse}
              locale={{ emptyText: <Typography.Text type="secondary">No enrolments in this period.</Typography.Text> }}
              columns={[
                { title: 'Course', render: (_, row) => labelOf(options?.courses, row.course) },
                { title: 'Enrolled', dataIndex: 'count', align: 'right' },
                barColumn((row) => row.count, maxEnrolled),
              ]}
            />
          </Panel>
        </Col>
        <Col xs={24} lg={12}>
          <Panel title="Enquiries by course">
            <Table<(typeof perCourse)[number]>
              rowKey="course"
              size="small"
              pagination={false}
              dataSource={perCourse}
              columns={[
                { title: 'Course', render: (_, row) => labelOf(options?.courses, row.course) },
                { title: 'Enquiries', dataIndex: 'count', align: 'right' },
                barColumn((row) => row.count, maxCourse),
              ]}
            />
          </Panel>
        </Col>
        <Col xs={24} lg={12}>
          <Panel title="Enquiries per day">
            <Table<(typeof perDay)[number]>
              rowKey="day"
              size="small"
              pagination={{ pageSize: 15, showSizeChanger: false }}
              dataSource={perDay}
              locale={{ emptyText: <Typography.Text type="secondary">No enquiries in this period.</Typography.Text> }}
              columns={[
                { title: 'Day', dataIndex: 'day' },
                { title: 'Enquiries', dataIndex: 'count', align: 'right' },
                barColumn((row) => row.count, maxDay),
              ]}
            />
          </Panel>
        </Col>
        {/* Each family under what first brought it (its first enquiry), and under what brought it
            last beside them: a family found by an ad that then booked the test from a brand search
            is the ad's. */}
        <Col xs={24} lg={12}>
          <Panel title="By campaign source, first touch">
            <OutcomeTable rows={figures?.bySource} name="Source" none="No campaign source" />
          </Panel>
        </Col>
        <Col xs={24} lg={12}>
          <Panel title="By campaign, first touch">
            <OutcomeTable rows={figures?.byCampaign} name="Campaign" none="No campaign" />
          </Panel>
        </Col>
        <Col xs={24} lg={12}>
          <Panel title="By campaign, last touch">
            <OutcomeTable rows={figures?.byCampaignLastTouch} name="Campaign" none="No campaign" />
          </Panel>
        </Col>
      </Row>
    </Flex>
  );
}

/** The date after a YYYY-MM-DD date. */
function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}
