/**
 * The little the desk's every page needs of its notifications, kept apart from push.ts (loaded
 * with the Notifications page): what the service worker (sw.ts) posts to an open desk window, and
 * whether a new lead sounds here.
 */
export const OPEN_MESSAGE = 'desk-open';
export type OpenMessage = { type: typeof OPEN_MESSAGE; url: string };

const SOUND_KEY = 'desk-sound';
/** Whether a new lead sounds while the desk is open on this device. */
export const soundOn = () => localStorage.getItem(SOUND_KEY) === 'on';
export const setSound = (on: boolean) => localStorage.setItem(SOUND_KEY, on ? 'on' : 'off');
