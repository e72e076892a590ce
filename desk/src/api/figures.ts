/** The desk's figures: a counsellor's day, the owner's dashboard (server/routes/desk/figures.ts). */
import { api, type DashboardReply, type TodayReply } from '../lib/api';

export const figuresApi = {
  today: (who: 'mine' | 'all') => api<TodayReply>(`/today?who=${who}`),
  /** `query`: the dashboard's period, as its address has it ("days=30"). */
  dashboard: (query: string) => api<DashboardReply>(`/dashboard?${query}`),
};
