/** The desk's figures: a counsellor's day, the owner's dashboard (server/routes/desk/figures.ts). */
import type { z } from 'zod';
import type { dashboardReply, todayReply } from '../../../shared/schema/replies/figures';
import { api } from '../lib/api';

/** What the server answers, as its routes declare it (shared/schema/replies/figures.ts). */
export type TodayReply = z.output<typeof todayReply>;
export type DashboardReply = z.output<typeof dashboardReply>;

export const figuresApi = {
  today: (who: 'mine' | 'all') => api<TodayReply>(`/today?who=${who}`),
  /** `query`: the dashboard's period, as its address has it ("days=30"). */
  dashboard: (query: string) => api<DashboardReply>(`/dashboard?${query}`),
};
