/**
 * Tags in colours that read: white on the darker shades of antd's palette (4.5:1 or
 * more), not antd's light preset tags (dark-on-pale green is below 3:1).
 */
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { statusLabel } from '../../../shared/schema/desk-vocabulary';

export const tagColours = {
  blue: '#0958d9',
  cyan: '#006d75',
  purple: '#531dab',
  green: '#237804',
  grey: '#595959',
  orange: '#ad4e00',
  red: '#a8071a',
} as const;

const statusColours: Record<string, string> = {
  new: tagColours.blue,
  contacted: tagColours.cyan,
  'visit-booked': tagColours.purple,
  enrolled: tagColours.green,
  'not-interested': tagColours.grey,
  unreachable: tagColours.orange,
};

export const ColourTag = ({ colour, children }: { colour: keyof typeof tagColours; children: ReactNode }) => (
  <Tag color={tagColours[colour]}>{children}</Tag>
);

export const StatusTag = ({ status }: { status: string }) => (
  <Tag color={statusColours[status] ?? tagColours.grey}>{statusLabel(status)}</Tag>
);
