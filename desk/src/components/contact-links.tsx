/**
 * A phone number as staff use it: tap to call, or open WhatsApp. `name` is who answers
 * (the student's name, or "parent Sunita Sharma"); each link is a 24 px target at least.
 */
import { Space, Typography } from 'antd';
import { formatPhone, telHref, whatsappHref } from '../lib/format';

export function PhoneLinks({ phone, name }: { phone: string; name: string }) {
  return (
    <Space size="small" wrap>
      <Typography.Link
        className="desk-target"
        href={telHref(phone)}
        aria-label={`Call ${name} on ${formatPhone(phone)}`}
      >
        {formatPhone(phone)}
      </Typography.Link>
      <Typography.Link
        className="desk-target"
        href={whatsappHref(phone)}
        target="_blank"
        rel="noreferrer"
        aria-label={`WhatsApp ${name}`}
      >
        WhatsApp
      </Typography.Link>
    </Space>
  );
}
