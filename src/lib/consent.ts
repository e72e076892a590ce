/**
 * The visitor's answer to "may we use the advertising pixel?", remembered in this
 * browser. Nothing is tracked without 'granted'.
 */
import { useSyncExternalStore } from 'react';

import type { TrackingConsent } from '../../shared/tracking';

export type { TrackingConsent };
const STORAGE_KEY = 'tracking-consent';

const listeners = new Set<() => void>();
let panelOpen = false;

/** The answer remembered in this browser (null: not asked yet, or storage blocked). */
export function storedTrackingConsent(): TrackingConsent | null {
  try {
    const value = window.localStorage.getItem(STORAGE_KEY);
    return value === 'granted' || value === 'denied' ? value : null;
  } catch {
    return null; // storage blocked: ask again on each visit
  }
}

const emit = () => {
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function setTrackingConsent(consent: TrackingConsent): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, consent);
  } catch {
    // not remembered; the choice still applies to this page
  }
  panelOpen = false;
  emit();
}

/** Opens the choices again (the footer's "Privacy choices"). */
export function openPrivacyChoices(): void {
  panelOpen = true;
  emit();
}

/** The stored answer (null: not asked yet), and whether the choices are open. Server render: null. */
export function useTrackingConsent() {
  const consent = useSyncExternalStore(subscribe, storedTrackingConsent, () => null);
  const open = useSyncExternalStore(
    subscribe,
    () => panelOpen,
    () => false,
  );
  return { consent, open };
}
