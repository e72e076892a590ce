/**
 * The fields an enquiry taken at the desk shares with a student added at a session's door
 * (pages/add-enquiry.page.tsx, pages/events/door-walk-in.tsx): the language the family talks in, and the
 * member's tick that they asked for the family's agreement (the server refuses without it).
 */
import { Checkbox, Form, Radio } from 'antd';
import { languageForStaff } from '../../../shared/languages';
import { useOptions } from '../lib/options';

/** The family's language, named as staff read it ("Hindi (हिन्दी)"). */
export function LanguageField() {
  const options = useOptions();
  return (
    <Form.Item label="They prefer to talk in" name="language" rules={[{ required: true }]}>
      <Radio.Group options={options?.languages.map(({ value }) => ({ value, label: languageForStaff(value) }))} />
    </Form.Item>
  );
}

/** `parent`: the parent's agreement is the one asked for (a student under 18, or at the door). */
export function ConsentTakenField({ parent }: { parent: boolean }) {
  return (
    <Form.Item
      name="consentTaken"
      valuePropName="checked"
      rules={[
        {
          validator: (_, value) =>
            value
              ? Promise.resolve()
              : Promise.reject(new Error('Ask them first: without their agreement nobody may call them.')),
        },
      ]}
    >
      <Checkbox>
        I asked, and {parent ? 'the parent agrees' : 'they agree'} to be called and sent messages (SMS, WhatsApp) about
        admissions
      </Checkbox>
    </Form.Item>
  );
}
