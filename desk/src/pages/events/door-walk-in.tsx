/**
 * At a session's door, on its day: a student who did not book (the review's M11). Their
 * enquiry is taken as a walk-in (the family's agreement asked for by the member), a seat is
 * booked and they are marked present: POST /api/staff/events/:id/walk-in. A refusal (the
 * session full, the student booked for another session) is said, and what was typed stays.
 */
import { Alert, Button, Collapse, Flex, Form, Input, Select, Typography } from 'antd';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { enquiryDescription } from '../../../../shared/schema/enquiry-fields';
import { ApiError } from '../../lib/api';
import { api } from '../../lib/api';
import { ConsentTakenField, LanguageField } from '../../components/intake-fields';
import { useOptions } from '../../lib/options';

type Fields = {
  studentName: string;
  phone: string;
  classLevel?: string;
  course: string;
  language: string;
  consentTaken: boolean;
};

export function DoorWalkIn({ sessionId }: { sessionId: string }) {
  const options = useOptions();
  const [form] = Form.useForm<Fields>();
  const revalidator = useRevalidator();
  const [saving, setSaving] = useState(false);
  const [said, setSaid] = useState<{ added: string } | { error: string }>();

  const add = async (fields: Fields) => {
    setSaving(true);
    setSaid(undefined);
    try {
      const { registration, already } = await api('POST /events/:id/walk-in', {
        params: { id: sessionId },
        body: { ...fields, enquirer: 'parent' },
      });
      const who = `${registration.student_name} (${registration.roll_number})`;
      setSaid({ added: already ? `Already booked, now present: ${who}.` : `Added and present: ${who}.` });
      form.resetFields();
      void revalidator.revalidate();
    } catch (caught) {
      // What was typed stays, to be put right and added again.
      setSaid({
        error:
          caught instanceof ApiError
            ? caught.message
            : 'Could not add: check the connection and try again. What you typed is still here.',
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Collapse
      items={[
        {
          key: 'walk-in',
          label: 'A student who did not book',
          children: (
            <Form<Fields>
              form={form}
              layout="vertical"
              requiredMark={false}
              initialValues={{ language: 'en', consentTaken: false }}
              onFinish={(values) => void add(values)}
            >
              <Form.Item
                label={enquiryDescription.studentName.label}
                name="studentName"
                rules={[{ required: true, whitespace: true }]}
              >
                <Input autoComplete="off" maxLength={100} />
              </Form.Item>
              <Form.Item label="A parent's mobile number" name="phone" rules={[{ required: true, whitespace: true }]}>
                <Input inputMode="tel" autoComplete="off" maxLength={30} />
              </Form.Item>
              <Flex wrap gap="middle">
                <Form.Item label={enquiryDescription.classLevel.label} name="classLevel" style={{ flex: '1 1 160px' }}>
                  <Select allowClear options={options?.classLevels} />
                </Form.Item>
                <Form.Item
                  label={enquiryDescription.course.label}
                  name="course"
                  rules={[{ required: true }]}
                  style={{ flex: '1 1 200px' }}
                >
                  <Select options={options?.courses.map(({ value, label }) => ({ value, label }))} />
                </Form.Item>
              </Flex>
              <LanguageField />
              <ConsentTakenField parent />
              <Flex vertical gap="small">
                <Button htmlType="submit" loading={saving} style={{ alignSelf: 'flex-start' }}>
                  Add and mark present
                </Button>
                <div role="status">
                  {said && 'added' in said && <Typography.Text strong>{said.added}</Typography.Text>}
                </div>
                {said && 'error' in said && <Alert type="error" showIcon role="alert" title={said.error} />}
              </Flex>
            </Form>
          ),
        },
      ]}
    />
  );
}
