/**
 * The WhatsApp and SMS messages counsellors send a family: each with its name, channel, and
 * its words in English and Hindi side by side (stacked on a phone). Saved all together; the
 * server checks each (both languages, only known placeholders) and names the field it refuses.
 * Their words are the institute's (src/content/message-templates.ts, through the server):
 * none are typed here.
 */
import { App, Button, Col, Flex, Input, Row, Select, theme, Typography } from 'antd';
import { useId, useState } from 'react';
import { languages, languageForStaff } from '../../../../shared/languages';
import { templatePlaceholders } from '../../../../shared/schema/desk-setting-limits';
import { useSave } from '../../lib/save';
import { FieldError } from './field-error';
import { type Change, errorAt, errorElsewhere, type Outcome, useUnsaved } from './saving';
import type { TemplatesReply } from '../../../../shared/schema/replies/settings';

type Template = TemplatesReply['templates'][number];

const channels = [
  { value: 'whatsapp', label: 'WhatsApp' },
  { value: 'sms', label: 'SMS' },
] as const;

export const placeholdersText = `Placeholders you can use: ${templatePlaceholders.map((name) => `{${name}}`).join(' ')}`;

/** A new message's id, from its name ('Fee reminder' → 'fee-reminder'), unique among `taken` (the server allows 40 characters). */
export function idFromName(name: string, taken: readonly string[]): string {
  const base =
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 34)
      .replace(/-+$/, '') || 'message';
  if (!taken.includes(base)) return base;
  for (let n = 2; ; n++) if (!taken.includes(`${base}-${n}`)) return `${base}-${n}`;
}

export function Messages({ stored }: { stored: Template[] }) {
  const { message } = App.useApp();
  const save = useSave<Change, Outcome>();
  const newNameId = useId();
  const [draft, setDraft] = useState<Template[]>();
  const [newName, setNewName] = useState('');
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();
  const templates = draft ?? stored;
  const unsaved = (draft !== undefined && JSON.stringify(draft) !== JSON.stringify(stored)) || newName.trim() !== '';
  useUnsaved('messages', unsaved);

  const edit = (index: number, change: (template: Template) => Template) =>
    setDraft(templates.map((template, at) => (at === index ? change(template) : template)));
  // A refusal names a message by its place in the list: once the list changes, it may name another.
  const reshape = (next: Template[]) => {
    setDraft(next);
    setOutcome(undefined);
  };
  const add = () => {
    const name = newName.trim();
    if (!name) return;
    const id = idFromName(
      name,
      templates.map((template) => template.id),
    );
    reshape([...templates, { id, name, channel: 'whatsapp', text: { en: '', hi: '' } }]);
    setNewName('');
  };

  const submit = async () => {
    setSaving(true);
    const answer = await save({ setting: 'templates', body: { templates } });
    setSaving(false);
    setOutcome(answer ?? { error: 'Could not save.' });
    if (answer && 'done' in answer) {
      setDraft(undefined);
      message.success('Saved the messages.');
    }
  };

  return (
    <Flex vertical gap="middle">
      <Typography.Text type="secondary">
        Counsellors send these from an enquiry, filled in for the family in its language (English or Hindi): write each
        in both.
      </Typography.Text>
      {templates.map((template, index) => (
        <TemplateFields
          key={template.id}
          template={template}
          index={index}
          outcome={outcome}
          onChange={(change) => edit(index, change)}
          onRemove={() => reshape(templates.filter((_, at) => at !== index))}
        />
      ))}
      <Flex vertical gap={4}>
        <label htmlFor={newNameId}>New message&apos;s name</label>
        <Flex gap="small" wrap>
          <Input
            id={newNameId}
            value={newName}
            maxLength={60}
            onChange={(event) => setNewName(event.target.value)}
            onPressEnter={add}
            style={{ maxWidth: 320 }}
          />
          <Button onClick={add} disabled={!newName.trim()}>
            Add a message
          </Button>
        </Flex>
      </Flex>
      <Flex gap="small" align="center" wrap>
        <Button type="primary" loading={saving} onClick={() => void submit()}>
          Save all messages
        </Button>
        {unsaved && <Typography.Text type="secondary">Not saved yet.</Typography.Text>}
      </Flex>
      <FieldError>
        {errorElsewhere(
          outcome,
          templates.flatMap((_, index) =>
            ['name', 'channel', ...languages.map((code) => `text.${code}`)].map((part) => `templates.${index}.${part}`),
          ),
        )}
      </FieldError>
    </Flex>
  );
}

function TemplateFields({
  template,
  index,
  outcome,
  onChange,
  onRemove,
}: {
  template: Template;
  index: number;
  outcome: Outcome | undefined;
  onChange: (change: (template: Template) => Template) => void;
  onRemove: () => void;
}) {
  const { token } = theme.useToken();
  const id = useId();
  const at = (part: string) => errorAt(outcome, `templates.${index}.${part}`);
  const title = template.name.trim() || `Message ${index + 1}`;
  return (
    <section
      aria-labelledby={`${id}-title`}
      style={{ border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadius, padding: 12 }}
    >
      <Flex vertical gap="small">
        <h3 id={`${id}-title`} style={{ margin: 0, fontSize: 16 }}>
          {title}
        </h3>
        <Flex vertical gap={4}>
          <label htmlFor={`${id}-name`}>Name</label>
          <Input
            id={`${id}-name`}
            value={template.name}
            maxLength={60}
            status={at('name') ? 'error' : undefined}
            onChange={(event) => onChange((each) => ({ ...each, name: event.target.value }))}
            style={{ maxWidth: 320 }}
          />
          <FieldError>{at('name') ?? at('id')}</FieldError>
        </Flex>
        <Flex vertical gap={4}>
          <label htmlFor={`${id}-channel`}>Sent by</label>
          <Select
            id={`${id}-channel`}
            value={template.channel}
            options={channels.map(({ value, label }) => ({ value, label }))}
            onChange={(channel: Template['channel']) => onChange((each) => ({ ...each, channel }))}
            style={{ width: 160 }}
          />
          <FieldError>{at('channel')}</FieldError>
        </Flex>
        <Row gutter={[16, 8]}>
          {languages.map((code) => (
            <Col key={code} xs={24} md={12}>
              <Flex vertical gap={4}>
                <label htmlFor={`${id}-${code}`}>Text in {languageForStaff(code)}</label>
                <Input.TextArea
                  id={`${id}-${code}`}
                  lang={code}
                  value={template.text[code]}
                  autoSize={{ minRows: 3 }}
                  maxLength={1000}
                  status={at(`text.${code}`) ? 'error' : undefined}
                  aria-describedby={`${id}-placeholders`}
                  onChange={(event) =>
                    onChange((each) => ({ ...each, text: { ...each.text, [code]: event.target.value } }))
                  }
                />
                <FieldError>{at(`text.${code}`)}</FieldError>
              </Flex>
            </Col>
          ))}
        </Row>
        <Typography.Text id={`${id}-placeholders`} type="secondary">
          {placeholdersText}
        </Typography.Text>
        <Button danger onClick={onRemove} style={{ alignSelf: 'start' }}>
          Remove {title}
        </Button>
      </Flex>
    </section>
  );
}
