import { Tag } from 'antd';
import { statusLabel } from '../../../src/schema/desk-vocabulary';

const colours: Record<string, string> = {
  new: 'blue',
  contacted: 'cyan',
  'visit-booked': 'purple',
  enrolled: 'green',
  'not-interested': 'default',
  unreachable: 'orange',
};

export const StatusTag = ({ status }: { status: string }) => <Tag color={colours[status]}>{statusLabel(status)}</Tag>;
