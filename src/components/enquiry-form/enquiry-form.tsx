import { Button, Checkbox, ConfigProvider, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import type { CourseSlug } from '../../config/paths';
import { themeConfig } from '../../config/theme';
import { courses } from '../../content/courses';
import { type ClassLevel, ui } from '../../content/ui';
import { NativeSelect } from './native-select';

/** What the visitor fills in; the server contract follows in the enquiries issue. */
export type EnquiryValues = {
  studentName: string;
  phone: string;
  email?: string;
  classLevel: ClassLevel | '';
  course: CourseSlug | '';
  city: string;
  message?: string;
  consent: boolean;
};

/** antd makes it the <form>'s id and the prefix of each field's id. */
export const FORM_NAME = 'enquiry-form';

/** 10 digits starting 6–9, with an optional +91 or 0 in front; spaces and dashes ignored. */
const INDIAN_MOBILE = /^(?:\+91|0)?[6-9]\d{9}$/;

const courseOptions = courses.map((course) => ({ value: course.slug, label: course.name }));
const classOptions = ui.form.classLevels.map((level) => ({ value: level.value, label: level.label }));

export type EnquiryFormProps = {
  /** Preselects the course on a course page. */
  course?: CourseSlug;
  /** Called once the form is interactive (hydrated). */
  onReady?: () => void;
  /** What the visitor typed into the prerendered form before it became interactive. */
  typedBeforeReady?: () => Partial<EnquiryValues> | undefined;
};

export function EnquiryForm({ course, onReady, typedBeforeReady }: EnquiryFormProps) {
  const [form] = Form.useForm<EnquiryValues>();
  const [sent, setSent] = useState<EnquiryValues | null>(null);
  useEffect(() => {
    // Hydration resets the inputs to the form's state: put back anything typed before it.
    const typed = typedBeforeReady?.();
    if (typed) form.setFieldsValue(typed);
    onReady?.();
  }, [form, onReady, typedBeforeReady]);
  const f = ui.form;

  const summary = sent
    ? [
        [f.studentName, sent.studentName],
        [f.phone, sent.phone],
        [f.email, sent.email],
        [f.classLevel, classOptions.find((o) => o.value === sent.classLevel)?.label],
        [f.course, courseOptions.find((o) => o.value === sent.course)?.label],
        [f.city, sent.city],
        [f.message, sent.message],
      ].filter((row): row is [string, string] => Boolean(row[1]))
    : [];

  return (
    // The theme's provider lives here, not in the root: pages without the form load no antd code.
    <ConfigProvider theme={themeConfig}>
      <div className="enquiry-form">
        <Form<EnquiryValues>
          form={form}
          name={FORM_NAME}
          layout="vertical"
          requiredMark="optional"
          initialValues={{ classLevel: '', course: course ?? '', consent: false }}
          onFinish={(values) => setSent(values)}
          scrollToFirstError={{ block: 'center' }}
        >
          <Form.Item label={f.studentName} name="studentName" rules={[{ required: true, whitespace: true, max: 100 }]}>
            <Input name="studentName" autoComplete="name" maxLength={100} />
          </Form.Item>
          <Form.Item
            label={f.phone}
            name="phone"
            extra={f.phoneHelp}
            rules={[
              { required: true, whitespace: true },
              {
                validator: (_, value: string | undefined) =>
                  !value || INDIAN_MOBILE.test(value.replace(/[\s-]/g, ''))
                    ? Promise.resolve()
                    : Promise.reject(new Error(f.phoneInvalid)),
              },
            ]}
          >
            <Input name="phone" type="tel" inputMode="tel" autoComplete="tel" maxLength={16} />
          </Form.Item>
          <Form.Item label={f.email} name="email" rules={[{ type: 'email', max: 254 }]}>
            <Input name="email" type="email" inputMode="email" autoComplete="email" maxLength={254} />
          </Form.Item>
          <div className="enquiry-form__row">
            <Form.Item label={f.classLevel} name="classLevel" rules={[{ required: true }]}>
              <NativeSelect name="classLevel" options={classOptions} placeholder={f.choose} />
            </Form.Item>
            <Form.Item label={f.course} name="course" rules={[{ required: true }]}>
              <NativeSelect name="course" options={courseOptions} placeholder={f.choose} />
            </Form.Item>
          </div>
          <Form.Item label={f.city} name="city" rules={[{ required: true, whitespace: true, max: 80 }]}>
            <Input name="city" autoComplete="address-level2" maxLength={80} />
          </Form.Item>
          <Form.Item label={f.message} name="message" rules={[{ max: 1000 }]}>
            <Input.TextArea name="message" rows={3} maxLength={1000} placeholder={f.messagePlaceholder} />
          </Form.Item>
          <Form.Item
            name="consent"
            valuePropName="checked"
            rules={[
              {
                validator: (_, checked: boolean) =>
                  checked ? Promise.resolve() : Promise.reject(new Error(f.consentRequired)),
              },
            ]}
          >
            <Checkbox name="consent" value="true">
              {f.consent}
            </Checkbox>
          </Form.Item>
          <Button type="primary" htmlType="submit" size="large" block>
            {f.submit}
          </Button>
        </Form>
        {sent && (
          <div className="enquiry-form__result" role="status">
            <h3>{f.previewHeading}</h3>
            <dl className="facts facts--compact">
              {summary.map(([label, value]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
            <p>{f.previewNote}</p>
          </div>
        )}
      </div>
    </ConfigProvider>
  );
}
