/** The enquiry's notes, newest first, and the note being typed (saved with the work, or on its own). */
import { Button, Flex, Form, Input, List, Typography } from 'antd';
import { deskLabels, MAX_NOTE_LENGTH } from '../../../../shared/schema/desk-vocabulary';
import { when } from '../../lib/format';
import { Panel } from '../../components/panel';
import type { EnquiryDetail } from '../../../../shared/schema/replies/enquiries';

type Props = {
  notes: EnquiryDetail['notes'];
  /** The note typed (kept in the draft with the work). */
  note: string;
  onNote: (note: string) => void;
  onAddNote: () => void;
};

export function NotesPanel({ notes, note, onNote, onAddNote }: Props) {
  return (
    <Panel title={deskLabels.notes}>
      <Form layout="vertical" onFinish={onAddNote}>
        <Form.Item label="Note" htmlFor="note" help="Saved with Save changes, or on its own with Add note.">
          <Input.TextArea
            id="note"
            value={note}
            onChange={(event) => onNote(event.target.value)}
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
        dataSource={notes}
        locale={{ emptyText: <Typography.Text type="secondary">No notes yet.</Typography.Text> }}
        renderItem={(item) => (
          // Not List.Item.Meta: its title is an <h4>, out of order under this card's <h2>.
          <List.Item>
            <Flex vertical gap={4}>
              <Typography.Text type="secondary">
                {item.author_name ?? 'Someone'} · {when(item.created_at)}
              </Typography.Text>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{item.body}</Typography.Paragraph>
            </Flex>
          </List.Item>
        )}
      />
    </Panel>
  );
}
