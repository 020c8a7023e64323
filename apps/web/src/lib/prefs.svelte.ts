// Display preferences: animations on or off (respecting prefers-reduced-motion until the player chooses).

import { createContext } from 'svelte';
import { motionEnabled, setMotion } from './session.ts';

export class Prefs {
  motion = $state(true);

  constructor() {
    if (typeof window !== 'undefined') this.motion = motionEnabled();
  }

  toggleMotion(): void {
    this.motion = !this.motion;
    setMotion(this.motion);
  }

  /** A transition duration: the given one, or 0 with animations off. */
  ms(duration: number): number {
    return this.motion ? duration : 0;
  }
}

export const [getPrefs, setPrefs] = createContext<Prefs>();
