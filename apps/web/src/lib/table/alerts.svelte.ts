// "Your turn" for every game, when the player is looking elsewhere: the page drives it from the game payload
// (`awaiting` holds this seat and `legal` is not empty). A short sound and a vibration (each optional, remembered
// by this browser) when the page is hidden or not focused, and a browser notification when it is hidden — asked
// for only when the player clicks to turn it on, never on load. The tab title is the page's (it marks the turn).

import { createContext } from 'svelte';

const STORAGE_KEY = 'razzia.alerts';

export type NotifyState = NotificationPermission | 'unsupported';

export class TurnAlerts {
  sound = $state(true);
  vibrate = $state(true);
  /** The browser's notification permission, as far as this page knows. */
  permission = $state<NotifyState>('unsupported');
  /** The player turned notifications on here (and the browser allows them). */
  notify = $state(false);

  private audio: AudioContext | null = null;
  private shown: Notification | null = null;

  constructor() {
    if (typeof window === 'undefined') return;
    try {
      const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as { sound?: boolean; vibrate?: boolean; notify?: boolean };
      this.sound = saved.sound ?? true;
      this.vibrate = saved.vibrate ?? true;
      this.notify = saved.notify ?? false;
    } catch {
      // an unreadable setting: the defaults
    }
    this.permission = 'Notification' in window ? Notification.permission : 'unsupported';
    if (this.permission !== 'granted') this.notify = false;
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') this.clear();
    });
  }

  private save(): void {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ sound: this.sound, vibrate: this.vibrate, notify: this.notify }));
  }

  setSound(on: boolean): void {
    this.sound = on;
    this.save();
    if (on) this.unlock();
  }

  setVibrate(on: boolean): void {
    this.vibrate = on;
    this.save();
  }

  /** On the player's click only: asks the browser for permission the first time, then turns notifications on. */
  async setNotify(on: boolean): Promise<void> {
    if (!on || this.permission === 'unsupported') {
      this.notify = false;
      return this.save();
    }
    if (this.permission !== 'granted') this.permission = await Notification.requestPermission();
    this.notify = this.permission === 'granted';
    this.save();
  }

  /** Browsers let a page make sound only after the player touched it: prepare the sound on a click. */
  unlock(): void {
    if (!this.sound || typeof AudioContext === 'undefined') return;
    this.audio ??= new AudioContext();
    if (this.audio.state === 'suspended') void this.audio.resume().catch(() => undefined);
  }

  /** It just became this player's decision: alert them if they are not looking. */
  yourTurn(title: string, body: string, tag: string): void {
    const hidden = document.visibilityState === 'hidden';
    const away = hidden || !document.hasFocus();
    if (!away) return;
    if (this.sound) this.ding();
    // Phones that allow it (Chrome on Android after a touch; iOS has no vibration API).
    if (this.vibrate && 'vibrate' in navigator) navigator.vibrate([120, 80, 120]);
    if (hidden && this.notify && this.permission === 'granted') void this.show(title, body, tag);
  }

  private async show(title: string, body: string, tag: string): Promise<void> {
    const options = { body, tag, icon: '/favicon.svg', data: { url: location.pathname } };
    this.shown?.close();
    try {
      const note = new Notification(title, options);
      note.onclick = () => {
        window.focus();
        note.close();
      };
      this.shown = note;
    } catch {
      // Chrome on Android: only a service worker may show one (src/service-worker.ts).
      const registration = await navigator.serviceWorker?.getRegistration().catch(() => undefined);
      await registration?.showNotification(title, options).catch(() => undefined);
    }
  }

  /** The page is looked at again, or the turn passed: the notification has done its job. */
  clear(): void {
    this.shown?.close();
    this.shown = null;
    void navigator.serviceWorker
      ?.getRegistration()
      .then((r) => r?.getNotifications())
      .then((notes) => notes?.forEach((n) => n.close()))
      .catch(() => undefined);
  }

  /** Two short soft notes (no file to load: made by Web Audio). */
  private ding(): void {
    if (typeof AudioContext === 'undefined') return;
    this.audio ??= new AudioContext();
    const audio = this.audio;
    if (audio.state === 'suspended') void audio.resume().catch(() => undefined);
    const start = audio.currentTime + 0.01;
    for (const [i, frequency] of [660, 880].entries()) {
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.type = 'sine';
      tone.frequency.value = frequency;
      const at = start + i * 0.14;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.18, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.22);
      tone.connect(gain).connect(audio.destination);
      tone.start(at);
      tone.stop(at + 0.25);
    }
  }
}

export const [getAlerts, setAlerts] = createContext<TurnAlerts>();
