import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import type { EnquiryFormData } from '../../content/page-data';
import { type FieldMessages, submitDetails } from '../../lib/enquiry-api';
import {
  classLevels,
  detailFieldNames,
  enquiryDetailsSchema,
  fieldProblems,
  limits,
} from '../../../shared/schema/enquiry';
import { enquiryMessage } from '../../../shared/schema/enquiry-messages';
import { NativeSelect } from './native-select';

type DetailsValues = { classLevel: string; city?: string; email?: string; message?: string };

type Status = { kind: 'idle' } | { kind: 'sending' } | { kind: 'saved' } | { kind: 'failed'; message: string };

export type EnquiryDetailsFormProps = {
  form: EnquiryFormData;
  /** The enquiry just stored, and the idempotency key it was sent with (which proves it is this browser's). */
  id: string;
  idempotencyKey: string;
};

/**
 * The optional details, asked once the call-back is requested (the enquiry is already
 * stored): class, city, email and a message. Every field may be left empty; what is given
 * is added to the same enquiry (PATCH /api/enquiries/:id). Rendered inside the form's
 * ConfigProvider, so antd's messages and the optional mark are in the page's language.
 */
export function EnquiryDetailsForm({ form: data, id, idempotencyKey }: EnquiryDetailsFormProps) {
  const [form] = Form.useForm<DetailsValues>();
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const { language, words } = data;
  const f = words.fields;

  const showMessages = (messages: FieldMessages) =>
    form.setFields(
      Object.entries(messages)
        .filter(([name]) => (detailFieldNames as readonly string[]).includes(name))
        .map(([name, text]) => ({ name: name as keyof DetailsValues, errors: [text ?? words.errors.invalid] })),
    );

  const send = async (values: DetailsValues) => {
    if (status.kind === 'sending') return;
    const parsed = enquiryDetailsSchema.safeParse({ ...values, language, idempotencyKey });
    if (!parsed.success) {
      const problems = fieldProblems(parsed.error);
      showMessages(
        Object.fromEntries(
          Object.entries(problems).map(([name, code]) => [
            name,
            enquiryMessage(language, words, name as keyof typeof problems, code),
          ]),
        ),
      );
      return;
    }
    setStatus({ kind: 'sending' });
    const result = await submitDetails(id, parsed.data, words.errors);
    if (result.kind === 'saved') setStatus({ kind: 'saved' });
    else {
      if (result.kind === 'invalid') showMessages(result.fields);
      setStatus({ kind: 'failed', message: result.message });
    }
  };

  return (
    <section className="enquiry-form__details" aria-labelledby="enquiry-details-heading">
      <h4 id="enquiry-details-heading">{words.details.heading}</h4>
      {status.kind === 'saved' ? (
        <p>{words.details.saved}</p>
      ) : (
        <>
          <p className="note">{words.details.lead}</p>
          <Form<DetailsValues>
            form={form}
            name="enquiry-details"
            layout="vertical"
            requiredMark="optional"
            initialValues={{ classLevel: '' }}
            onFinish={send}
            noValidate
          >
            <div className="enquiry-form__row">
              <Form.Item label={f.classLevel.label} name="classLevel">
                <NativeSelect
                  name="classLevel"
                  options={classLevels.map((level) => ({ value: level, label: words.classLevels[level] }))}
                  placeholder={words.choose}
                />
              </Form.Item>
              <Form.Item label={f.city.label} name="city" rules={[{ max: limits.city }]}>
                <Input name="city" autoComplete="address-level2" maxLength={limits.city} />
              </Form.Item>
            </div>
            <Form.Item
              label={f.email.label}
              name="email"
              rules={[
                { type: 'email', message: enquiryMessage(language, words, 'email', 'invalid') },
                { max: limits.email },
              ]}
            >
              <Input name="email" type="email" inputMode="email" autoComplete="email" maxLength={limits.email} />
            </Form.Item>
            <Form.Item label={f.message.label} name="message" rules={[{ max: limits.message }]}>
              <Input.TextArea name="message" rows={3} maxLength={limits.message} placeholder={f.message.placeholder} />
            </Form.Item>
            {status.kind === 'failed' && (
              <p className="enquiry-form__error" role="alert">
                {status.message}
              </p>
            )}
            <Button htmlType="submit" block loading={status.kind === 'sending'}>
              {words.details.submit}
            </Button>
          </Form>
        </>
      )}
    </section>
  );
}
