/**
 * The scholarship test's bands (admins): what the test is out of, and from how many marks each
 * percentage off the fee starts. A counsellor entering marks on a session's page sees the
 * scholarship they earn at once; a score keeps the scholarship it earned when the bands change.
 */
import { App, Button, Flex, InputNumber, Typography } from 'antd';
import { useId, useState } from 'react';
import { scholarshipFor, type ScholarshipTable } from '../../../shared/scholarship';
import type { ScholarshipReply } from '../api';
import { useSave } from '../save';
import { FieldError } from './field-error';
import { type Change, errorAt, errorElsewhere, type Outcome, useUnsaved } from './saving';

type Band = { from: number | null; percent: number | null };
type Draft = { maxMarks: number | null; bands: Band[] };

export function Scholarship({ stored }: { stored: ScholarshipReply['scholarship'] }) {
  const { message } = App.useApp();
  const save = useSave<Change, Outcome>();
  const maxId = useId();
  const [draft, setDraft] = useState<Draft>();
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();
  const shown: Draft = draft ?? stored;
  useUnsaved('scholarship', draft !== undefined && JSON.stringify(draft) !== JSON.stringify(stored));
  const edit = (change: Partial<Draft>) => setDraft({ ...shown, ...change });
  const editBand = (index: number, change: Partial<Band>) =>
    edit({ bands: shown.bands.map((band, i) => (i === index ? { ...band, ...change } : band)) });

  const complete = (table: Draft): table is ScholarshipTable =>
    table.maxMarks !== null && table.bands.every((band) => band.from !== null && band.percent !== null);

  const submit = async () => {
    if (!complete(shown)) {
      setOutcome({ error: 'Fill in every number, or remove the band.', field: 'scholarship.bands' });
      return;
    }
    setSaving(true);
    const answer = await save({ setting: 'scholarship', body: { scholarship: shown } });
    setSaving(false);
    setOutcome(answer ?? { error: 'Could not save.' });
    if (answer && 'done' in answer) {
      setDraft(undefined);
      message.success('Saved the scholarship bands.');
    }
  };

  const example = complete(shown) ? shown : undefined;
  return (
    <Flex vertical gap="middle">
      <Flex vertical gap={4}>
        <label htmlFor={maxId} style={{ fontWeight: 600 }}>
          The test is out of (marks)
        </label>
        <InputNumber
          id={maxId}
          min={1}
          max={1000}
          precision={0}
          value={shown.maxMarks}
          onChange={(maxMarks) => edit({ maxMarks })}
          style={{ width: 160 }}
        />
        <FieldError>{errorAt(outcome, 'scholarship.maxMarks')}</FieldError>
      </Flex>
      <Flex vertical gap="small">
        <h3 style={{ margin: 0, fontSize: 16 }}>Bands</h3>
        <Typography.Text type="secondary">
          From these marks up, this much off the course fee. Below the lowest band, no scholarship.
        </Typography.Text>
        <ul aria-label="Bands" style={{ margin: 0, paddingLeft: 0, listStyle: 'none' }}>
          {shown.bands.map((band, index) => (
            <li key={index} style={{ marginBottom: 8 }}>
              <Flex gap="small" align="center" wrap>
                <span>From</span>
                <InputNumber
                  aria-label={`Band ${index + 1}: from marks`}
                  min={0}
                  value={band.from}
                  onChange={(from) => editBand(index, { from })}
                  style={{ width: 100 }}
                />
                <span>marks:</span>
                <InputNumber
                  aria-label={`Band ${index + 1}: percent off`}
                  min={1}
                  max={100}
                  precision={0}
                  value={band.percent}
                  onChange={(percent) => editBand(index, { percent })}
                  style={{ width: 90 }}
                />
                <span>% off</span>
                <Button
                  size="small"
                  aria-label={`Remove band ${index + 1}`}
                  onClick={() => edit({ bands: shown.bands.filter((_, i) => i !== index) })}
                >
                  Remove
                </Button>
              </Flex>
            </li>
          ))}
        </ul>
        <div>
          <Button onClick={() => edit({ bands: [...shown.bands, { from: null, percent: null }] })}>Add a band</Button>
        </div>
        <FieldError>{errorAt(outcome, 'scholarship.bands')}</FieldError>
        {example && example.bands.length > 0 && (
          <Typography.Text type="secondary">
            For example: {example.maxMarks} marks earn {scholarshipFor(example.maxMarks, example)}% off;{' '}
            {Math.round(example.maxMarks / 2)} marks earn {scholarshipFor(Math.round(example.maxMarks / 2), example)}%.
          </Typography.Text>
        )}
      </Flex>
      <Flex gap="small" align="center" wrap>
        <Button type="primary" onClick={() => void submit()} loading={saving}>
          Save the bands
        </Button>
        <FieldError>{errorElsewhere(outcome, ['scholarship.maxMarks', 'scholarship.bands'])}</FieldError>
      </Flex>
    </Flex>
  );
}
