import type { ChangeEventHandler } from 'react';

/** `disabled`: shown but not chosen (a full session). */
type Option = { value: string; label: string; disabled?: boolean };

type NativeSelectProps = {
  options: readonly Option[];
  /** A first, unselectable option shown while nothing is chosen; none when the field starts with a choice. */
  placeholder?: string;
  name: string;
  // Set by antd's Form.Item, which controls the field:
  id?: string;
  value?: string;
  onChange?: ChangeEventHandler<HTMLSelectElement>;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-required'?: boolean | 'true' | 'false';
  'aria-describedby'?: string;
};

/**
 * The phone's own picker instead of antd's Select: it works before JavaScript
 * loads, posts with a plain HTML form, is what Android users know, and costs no
 * bundle bytes. Styled with the same tokens as antd's inputs (native-select.css).
 */
export function NativeSelect({ options, placeholder, value = '', ...props }: NativeSelectProps) {
  return (
    <select className="native-select" value={value} {...props}>
      {placeholder !== undefined && (
        <option value="" disabled>
          {placeholder}
        </option>
      )}
      {options.map((option) => (
        <option key={option.value} value={option.value} disabled={option.disabled}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
