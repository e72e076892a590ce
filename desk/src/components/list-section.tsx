/**
 * A titled list on a desk page (Today's lists, the Events page's): an h2 naming the region with
 * how many it holds, and the rows as a bordered list, or a line saying there are none. A list
 * of short entries rather than a table: it reads on a phone, and keeps the desk's first load small.
 */
import { List, Typography } from 'antd';
import type { ReactNode } from 'react';

export function ListSection<Row>({
  id,
  title,
  rows,
  empty,
  renderItem,
}: {
  id: string;
  title: string;
  rows: Row[];
  empty: string;
  renderItem: (row: Row) => ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <Typography.Title level={2} id={id} style={{ fontSize: 18 }}>
        {title} ({rows.length})
      </Typography.Title>
      <List
        bordered
        dataSource={rows}
        locale={{ emptyText: <Typography.Text type="secondary">{empty}</Typography.Text> }}
        renderItem={renderItem}
      />
    </section>
  );
}
