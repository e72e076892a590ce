/**
 * A setting that is on or off (sharing new enquiries, proving their numbers), saved as soon as
 * it is switched; the admin's choice stays shown while it saves and after a refusal.
 */
import { App, Flex, Switch, Typography } from 'antd';
import { type ReactNode, useId, useState } from 'react';
import { useSave } from '../../lib/save';
import { type Change, type Outcome, useUnsaved } from './saving';

export function SettingSwitch({
  setting,
  stored,
  body,
  label,
  said,
  children,
}: {
  setting: Extract<Change, { setting: string }>['setting'];
  stored: boolean;
  /** The setting's whole value for the switch's position. */
  body: (on: boolean) => Record<string, unknown>;
  label: string;
  /** What the desk says once it is saved. */
  said: (on: boolean) => string;
  /** What on and off mean. */
  children: ReactNode;
}) {
  const { message } = App.useApp();
  const save = useSave<Change, Outcome>();
  const id = useId();
  const [chosen, setChosen] = useState<boolean>();
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();
  useUnsaved(setting, chosen !== undefined && chosen !== stored);

  const change = async (on: boolean) => {
    setChosen(on);
    setSaving(true);
    const answer = await save({ setting, body: body(on) });
    setSaving(false);
    setOutcome(answer ?? { error: 'Could not save.' });
    if (answer && 'done' in answer) {
      setChosen(undefined);
      message.success(said(on));
    }
  };

  return (
    <Flex vertical gap={4}>
      <Flex gap="small" align="center">
        <Switch id={id} checked={chosen ?? stored} loading={saving} onChange={(on) => void change(on)} />
        <label htmlFor={id}>{label}</label>
      </Flex>
      <Typography.Text type="secondary">{children}</Typography.Text>
      {outcome && 'error' in outcome && <Typography.Text type="danger">{outcome.error}</Typography.Text>}
    </Flex>
  );
}
