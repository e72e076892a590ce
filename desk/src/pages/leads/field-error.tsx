/** The server's words about a field, under it (announced as they appear). Nothing when there are none. */
import { Typography } from 'antd';
import type { ReactNode } from 'react';

export function FieldError({ children, id }: { children: ReactNode; id?: string }) {
  if (!children) return null;
  return (
    <Typography.Text id={id} type="danger" role="alert" style={{ display: 'block' }}>
      {children}
    </Typography.Text>
  );
}
