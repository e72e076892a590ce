/**
 * One enquiry: every field (the parent's details and the consent record included), the
 * work on it (status, reason, follow-up, assignee: saved from the version shown, so two
 * people never silently overwrite each other), notes, and its history.
 */
import { Alert, App, Button, Col, Descriptions, Flex, Form, Input, List, Row, Select, Space, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  attributionFieldNames,
  attributionFields,
  attributionOfRow,
  describeSource,
} from '../../../src/schema/attribution';
import { enquiryStorage } from '../../../src/schema/enquiry-storage';
import { enquiryStatuses, MAX_NOTE_LENGTH, statusLabel, statusNeedsReason } from '../../../src/schema/desk-vocabulary';
import { api, ApiError, type EnquirySummary } from '../api';
import { labelOf, when } from '../format';
import { useOptions } from '../options';
import { PhoneLinks } from './contact-links';
import { StatusTag } from './status-tag';
import { Panel } from '../panel';

type Detail = {
  enquiry: EnquirySummary &
    Record<string, string | number | null> & { status_reason: string | null; consent_at: string | null };
  notes: { id: string; body: string; created_at: string; author_name: string | null }[];
  audit: {
    id: string;
    at: string;
    action: string;
    field: string | null;
    from_value: string | null;
    to_value: string | null;
    actor_name: string | null;
  }[];
};

/** `nextFollowUp` as the date input gives it: YYYY-MM-DD, or empty. */
type WorkForm = { status: string; reason?: string; nextFollowUp?: string; assigneeId?: string | null };

const fieldNames: Record<string, string> = {
  status: 'Status',
  status_reason: 'Reason',
  assignee_id: 'Assigned to',
  next_follow_up: 'Next follow-up',
};

export default function Enquiry() {
  const { id = '' } = useParams();
  const options = useOptions();
  const { message } = App.useApp();
  const [detail, setDetail] = useState<Detail>();
  const [error, setError] = useState<string>();
  const [conflict, setConflict] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [note, setNote] = useState('');
  const [form] = Form.useForm<WorkForm>();
  const status = Form.useWatch('status', form);

  const load = useCallback(
    () =>
      api<Detail>(`/enquiries/${id}`)
        .then((data) => {
          setDetail(data);
          setError(undefined);
          form.setFieldsValue({
            status: data.enquiry.status,
            reason: data.enquiry.status_reason ?? undefined,
            nextFollowUp: data.enquiry.next_follow_up ?? '',
            assigneeId: data.enquiry.assignee_id,
          });
        })
        .catch((caught: unknown) =>
          setError(caught instanceof ApiError ? caught.message : 'Could not load this enquiry.'),
        ),
    [id, form],
  );
  useEffect(() => {
    void load();
  }, [load]);

  const save = async (values: WorkForm) => {
    if (!detail) return;
    setSaving(true);
    setConflict(undefined);
    try {
      const updated = await api<Detail>(`/enquiries/${id}`, {
        method: 'PATCH',
        body: {
          version: detail.enquiry.version,
          status: values.status,
          reason: statusNeedsReason(values.status) ? values.reason : undefined,
          nextFollowUp: values.nextFollowUp || null,
          assigneeId: values.assigneeId ?? null,
        },
      });
      setDetail(updated);
      message.success('Saved.');
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 409) {
        setConflict(caught.message);
        await load();
      } else {
        message.error(
          caught instanceof ApiError ? caught.message : 'Could not save. Check the connection and try again.',
        );
      }
    } finally {
      setSaving(false);
    }
  };

  const addNote = async () => {
    try {
      await api(`/enquiries/${id}/notes`, { method: 'POST', body: { body: note } });
      setNote('');
      await load();
    } catch (caught) {
      message.error(caught instanceof ApiError ? caught.message : 'Could not add the note.');
    }
  };

  if (error) return <Alert type="error" title={error} showIcon action={<Link to="/enquiries">All enquiries</Link>} />;
  if (!detail) return null;
  const { enquiry } = detail;

  const shown = (column: string, kind: string) => {
    const value = enquiry[column];
    if (value === null || value === undefined || value === '') return '—';
    if (kind === 'flag') return value ? 'Yes' : 'No';
    if (kind === 'phone') return <PhoneLinks phone={String(value)} name={enquiry.student_name} />;
    if (column === 'course') return labelOf(options?.courses, String(value));
    if (column === 'class_level') return labelOf(options?.classLevels, String(value));
    if (column === 'enquirer') return labelOf(options?.enquirers, String(value));
    if (column === 'language') return labelOf(options?.languages, String(value));
    return String(value);
  };
  const fields = Object.values(enquiryStorage)
    .filter((field) => field.email !== null || field.column === 'consent_notice_version')
    .map((field) => ({
      key: field.column,
      label: field.email ?? 'Privacy notice version',
      children: shown(field.column, field.kind),
    }));

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Space wrap align="center">
        <Link to="/enquiries">← All enquiries</Link>
      </Space>
      <Space wrap align="center">
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {enquiry.student_name}
        </Typography.Title>
        <StatusTag status={enquiry.status} />
      </Space>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <Panel title="Enquiry">
            <Descriptions
              column={1}
              size="small"
              items={[
                { key: 'received', label: 'Received', children: when(enquiry.created_at) },
                ...fields,
                {
                  key: 'consent_at',
                  label: 'Consent given',
                  children: enquiry.consent_at ? when(enquiry.consent_at) : '—',
                },
                {
                  key: 'source',
                  label: 'Sent',
                  children: enquiry.source === 'form' ? 'Without JavaScript' : 'From the form',
                },
                { key: 'came-from', label: 'Came from', children: describeSource(attributionOfRow(enquiry)) },
                ...attributionFieldNames.flatMap((name) => {
                  const value = enquiry[attributionFields[name].column];
                  return value ? [{ key: name, label: attributionFields[name].csv, children: String(value) }] : [];
                }),
              ]}
            />
          </Panel>
        </Col>
        <Col xs={24} lg={10}>
          <Space direction="vertical" size="large" style={{ width: '100%' }}>
            <Panel title="Work on this enquiry">
              {conflict && <Alert type="warning" title={conflict} showIcon style={{ marginBottom: 16 }} role="alert" />}
              <Form form={form} layout="vertical" onFinish={save} requiredMark={false}>
                <Form.Item label="Status" name="status" rules={[{ required: true }]}>
                  <Select options={enquiryStatuses.map(({ value, label }) => ({ value, label }))} />
                </Form.Item>
                {status && statusNeedsReason(status) && (
                  <Form.Item label="Reason" name="reason" rules={[{ required: true, whitespace: true }]}>
                    <Input maxLength={500} />
                  </Form.Item>
                )}
                {/* The browser's own date input: a phone opens its own calendar. */}
                <Form.Item label="Next follow-up" name="nextFollowUp">
                  <Input type="date" />
                </Form.Item>
                <Form.Item label="Assigned to" name="assigneeId">
                  <Select
                    allowClear
                    placeholder="Nobody"
                    options={options?.team.map((member) => ({ value: member.id, label: member.name }))}
                  />
                </Form.Item>
                <Button type="primary" htmlType="submit" loading={saving}>
                  Save changes
                </Button>
              </Form>
            </Panel>
            <Panel title="Notes">
              <Form layout="vertical" onFinish={addNote}>
                <Form.Item label="Note" htmlFor="note">
                  <Input.TextArea
                    id="note"
                    value={note}
                    onChange={(event) => setNote(event.target.value)}
                    maxLength={MAX_NOTE_LENGTH}
                    autoSize={{ minRows: 2, maxRows: 8 }}
                  />
                </Form.Item>
                <Button htmlType="submit" disabled={!note.trim()}>
                  Add note
                </Button>
              </Form>
              <List
                style={{ marginTop: 16 }}
                dataSource={detail.notes}
                locale={{ emptyText: <Typography.Text type="secondary">No notes yet.</Typography.Text> }}
                renderItem={(item) => (
                  // Not List.Item.Meta: its title is an <h4>, out of order under this card's <h2>.
                  <List.Item>
                    <Flex vertical gap={4}>
                      <Typography.Text type="secondary">
                        {item.author_name ?? 'Someone'} · {when(item.created_at)}
                      </Typography.Text>
                      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
                        {item.body}
                      </Typography.Paragraph>
                    </Flex>
                  </List.Item>
                )}
              />
            </Panel>
            <Panel title="History">
              <List
                size="small"
                dataSource={detail.audit}
                locale={{ emptyText: <Typography.Text type="secondary">No changes yet.</Typography.Text> }}
                renderItem={(entry) => (
                  <List.Item>
                    <Typography.Text>
                      {when(entry.at)} · {entry.actor_name ?? 'System'}:{' '}
                      {entry.action === 'note-added'
                        ? 'added a note'
                        : `${fieldNames[entry.field ?? ''] ?? entry.field} ${describe(entry.field, entry.from_value, options?.team)} → ${describe(entry.field, entry.to_value, options?.team)}`}
                    </Typography.Text>
                  </List.Item>
                )}
              />
            </Panel>
          </Space>
        </Col>
      </Row>
    </Space>
  );
}

function describe(field: string | null, value: string | null, team?: { id: string; name: string }[]) {
  if (value === null) return '—';
  if (field === 'status') return statusLabel(value);
  if (field === 'assignee_id')
    return team?.find((member) => member.id === value)?.name ?? 'someone no longer on the team';
  return value;
}
