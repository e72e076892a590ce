/**
 * "Add an enquiry" (the review's M11): a family that phones the institute, walks in, signs up at
 * a fair or is referred, taken down by a counsellor on their phone or at the counter. How the
 * family came is recorded as where it came from; the family's agreement to be contacted is asked
 * for by the member (recorded as theirs). Saved, the enquiry opens, ready for its first call.
 * POST /api/staff/enquiries (server/routes/desk/intake.ts) checks everything again.
 */
import { Alert, Button, Checkbox, Flex, Form, Input, Radio, Select } from 'antd';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { intakeChannels, type IntakeChannel } from '../../../shared/schema/desk-vocabulary';
import { enquiryDescription } from '../../../shared/schema/enquiry-fields';
import { api, ApiError } from '../lib/api';
import { RequestId } from '../lib/request-id';
import { ConsentTakenField, LanguageField } from '../components/intake-fields';
import { useOptions } from '../lib/options';
import { PageHeading } from '../components/page-heading';
import { Panel } from '../components/panel';
import { deskPath } from '../../../shared/desk-pages';

type Fields = {
  cameBy: IntakeChannel;
  enquirer: string;
  studentName: string;
  phone: string;
  studentUnder18?: boolean;
  parentName?: string;
  parentPhone?: string;
  course: string;
  classLevel?: string;
  city?: string;
  language: string;
  email?: string;
  message?: string;
  consentTaken: boolean;
};

const label = (name: keyof typeof enquiryDescription) => enquiryDescription[name].label;

export default function AddEnquiry() {
  const options = useOptions();
  const navigate = useNavigate();
  const [form] = Form.useForm<Fields>();
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const enquirer = Form.useWatch('enquirer', form);
  const under18 = Form.useWatch('studentUnder18', form);
  const needsParent = enquirer === 'student' && under18 === true;

  /**
   * The enquiry's key: saved again unchanged (its answer was lost), the server answers with the
   * enquiry it stored the first time, not a second one. Changed, it is a new one.
   */
  const request = useRef(new RequestId());
  const save = async (fields: Fields) => {
    setError(undefined);
    setSaving(true);
    // Only what the form shows is sent (a parent's details only for a student under 18).
    const shown = Object.fromEntries(
      Object.entries(fields).filter(([, value]) => value !== undefined && value !== ''),
    ) as Fields;
    const sent = { ...shown, idempotencyKey: request.current.for(JSON.stringify(shown)) };
    // Sent from here, not through a route action: a new page opens once it is saved, and a lost
    // signal leaves this one as it is (an action's reload of the page's data would have replaced it).
    try {
      const reply = await api('POST /enquiries', { body: sent });
      await navigate(deskPath('enquiry', { id: reply.id }));
    } catch (caught) {
      // What was typed stays, to be put right and saved again.
      setError(
        caught instanceof ApiError
          ? caught.message
          : 'Could not save: check the connection and try again. What you typed is still here.',
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <PageHeading>Add an enquiry</PageHeading>
      <Panel title="A family that called or came in" style={{ maxWidth: 640 }}>
        {error && <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 16 }} />}
        <Form<Fields>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ enquirer: 'parent', language: 'en', consentTaken: false }}
          onFinish={(values) => void save(values)}
        >
          <Form.Item label="How they came" name="cameBy" rules={[{ required: true }]}>
            <Radio.Group
              options={intakeChannels.map((channel) => ({ value: channel.value, label: channel.label }))}
              style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
            />
          </Form.Item>
          <Form.Item label={label('enquirer')} name="enquirer" rules={[{ required: true }]}>
            <Radio.Group options={options?.enquirers} />
          </Form.Item>
          <Form.Item label={label('studentName')} name="studentName" rules={[{ required: true, whitespace: true }]}>
            <Input autoComplete="off" maxLength={100} />
          </Form.Item>
          <Form.Item label={label('phone')} name="phone" rules={[{ required: true, whitespace: true }]}>
            <Input inputMode="tel" autoComplete="off" maxLength={30} />
          </Form.Item>
          {enquirer === 'student' && (
            <Form.Item name="studentUnder18" valuePropName="checked">
              <Checkbox>{label('studentUnder18')}: a parent must agree to be contacted</Checkbox>
            </Form.Item>
          )}
          {needsParent && (
            <Flex wrap gap="middle">
              <Form.Item
                label={label('parentName')}
                name="parentName"
                rules={[{ required: true, whitespace: true }]}
                style={{ flex: '1 1 240px' }}
              >
                <Input autoComplete="off" maxLength={100} />
              </Form.Item>
              <Form.Item
                label={label('parentPhone')}
                name="parentPhone"
                rules={[{ required: true, whitespace: true }]}
                style={{ flex: '1 1 200px' }}
              >
                <Input inputMode="tel" autoComplete="off" maxLength={30} />
              </Form.Item>
            </Flex>
          )}
          <Form.Item label={label('course')} name="course" rules={[{ required: true }]}>
            <Select options={options?.courses.map(({ value, label }) => ({ value, label }))} />
          </Form.Item>
          <Flex wrap gap="middle">
            <Form.Item label={label('classLevel')} name="classLevel" style={{ flex: '1 1 200px' }}>
              <Select allowClear options={options?.classLevels} />
            </Form.Item>
            <Form.Item label={label('city')} name="city" style={{ flex: '1 1 200px' }}>
              <Input autoComplete="off" maxLength={80} />
            </Form.Item>
          </Flex>
          <LanguageField />
          <Form.Item label={label('email')} name="email" rules={[{ type: 'email' }]}>
            <Input inputMode="email" autoComplete="off" maxLength={254} />
          </Form.Item>
          <Form.Item label="What they asked" name="message">
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={1000} />
          </Form.Item>
          <ConsentTakenField parent={needsParent} />
          <Button type="primary" htmlType="submit" loading={saving}>
            Save and open it
          </Button>
        </Form>
      </Panel>
    </>
  );
}
