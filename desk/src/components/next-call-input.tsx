/**
 * The next call, a day and a time at the institute (issue 41): the browser's own date-and-time
 * input (a phone opens its own picker) and the answers parents give most, one tap each ("In 1
 * hour", "6 pm today", "Tomorrow 10 am"; shared/next-call.ts). A form control: antd's Form.Item
 * gives it its id, value and onChange.
 */
import { Button, Flex, Input } from 'antd';
import { nextCallChoices } from '../../../shared/next-call';

export function NextCallInput({
  id,
  value,
  onChange,
}: {
  id?: string;
  /** YYYY-MM-DDTHH:MM, India time; empty: none. */
  value?: string;
  onChange?: (value: string) => void;
}) {
  return (
    <Flex vertical gap={8}>
      <Input
        id={id}
        type="datetime-local"
        value={value ?? ''}
        onChange={(event) => onChange?.(event.target.value)}
        style={{ maxWidth: 240 }}
      />
      <Flex wrap gap="small" role="group" aria-label="Quick choices for the next call">
        {nextCallChoices(new Date()).map((choice) => (
          <Button key={choice.label} aria-pressed={value === choice.at} onClick={() => onChange?.(choice.at)}>
            {choice.label}
          </Button>
        ))}
      </Flex>
    </Flex>
  );
}
