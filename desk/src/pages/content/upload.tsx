/**
 * Choosing a file and sending it to the server (POST /api/staff/uploads): on a phone, the
 * camera or the gallery. The server reads what it is, makes the sizes and formats, strips the
 * photo's metadata, and answers with what the content names it by; `onUploaded` puts that in
 * the draft. Its problems (not a photo, too large, too small) are said under the button.
 */
import { Button, Typography } from 'antd';
import { useId, useRef, useState } from 'react';
import type { UploadUse } from '../../../../shared/schema/uploads';
import { api, ApiError } from '../../lib/api';
import type { UploadReply } from '../../../../shared/schema/replies/content';

/** What the phone offers to choose from: a photo (camera or gallery), a PDF, or either for a consent form's scan. */
const accepted: Record<'photo' | 'prospectus' | 'consent', string> = {
  photo: 'image/jpeg,image/png,image/webp,image/*',
  prospectus: 'application/pdf,.pdf',
  consent: 'application/pdf,.pdf,image/jpeg,image/png,image/webp,image/*',
};

type UploadButtonProps = {
  use: UploadUse;
  label: string;
  onUploaded: (reply: UploadReply) => void;
};

export function UploadButton({ use, label, onUploaded }: UploadButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const id = useId();
  const send = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setProblem(undefined);
    try {
      onUploaded(await api('POST /uploads', { query: { use, name: file.name }, body: file }));
    } catch (error) {
      setProblem(
        error instanceof ApiError ? error.message : 'The file could not be sent. Check the connection and try again.',
      );
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <div>
      <input
        ref={input}
        id={id}
        type="file"
        // A photo: the phone offers its camera and gallery. The server decides what it really is.
        accept={accepted[use === 'prospectus' || use === 'consent' ? use : 'photo']}
        hidden
        // antd's form styles show a file input (`.ant-form input[type="file"] {display:block}`), hidden or not.
        style={{ display: 'none' }}
        aria-label={label}
        onChange={(event) => void send(event.target.files?.[0])}
        data-testid={`upload-${use}`}
      />
      <Button loading={busy} onClick={() => input.current?.click()}>
        {busy ? 'Sending…' : label}
      </Button>
      {problem && (
        <Typography.Paragraph type="danger" role="alert" style={{ marginTop: 8, marginBottom: 0 }}>
          {problem}
        </Typography.Paragraph>
      )}
    </div>
  );
}
