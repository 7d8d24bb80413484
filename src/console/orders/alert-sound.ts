import { fromCallback } from 'xstate';

/** localStorage key of the staff member's choice to silence the board's alert on this device. */
const MUTED_KEY = 'console.alertMuted';

export function readAlertMuted(): boolean {
  try {
    return window.localStorage.getItem(MUTED_KEY) === '1';
  } catch {
    return false;
  }
}

export function persistAlertMuted(muted: boolean): void {
  try {
    window.localStorage.setItem(MUTED_KEY, muted ? '1' : '0');
  } catch {
    // Private mode without storage: the choice lasts for this page.
  }
}

let audio: AudioContext | null = null;

/** The page has been touched (a press or a key): the browser's autoplay rule lets it make sound from then on. */
const touched = (): boolean => (navigator as Navigator & { userActivation?: { hasBeenActive: boolean } }).userActivation?.hasBeenActive ?? false;

/**
 * The board's sound (its 'sound' actor): tells whether the browser lets the alert be heard, and unlocks it at the page's
 * first touch or when asked (the staff member's press on "turn sound on"). No AudioContext is made before a touch, so the
 * browser logs no "not allowed to start" warnings.
 */
export const boardSound = fromCallback<{ type: 'sound.unlock' }>(({ sendBack, receive }) => {
  const unlock = () => {
    stop();
    try {
      audio ??= new AudioContext();
      void audio.resume().then(() => sendBack({ type: 'sound.allowed' }));
    } catch {
      // No audio on this device: the board's status still shows an order waits.
    }
  };
  // On the click, not the press: the note leaves as the sound unlocks, and leaving on the press would move what the
  // press is on before its click (the first tap would miss).
  const stop = () => {
    window.removeEventListener('click', unlock, true);
    window.removeEventListener('keydown', unlock, true);
  };
  receive(unlock);
  if (touched()) unlock();
  else {
    sendBack({ type: 'sound.blocked' });
    window.addEventListener('click', unlock, true);
    window.addEventListener('keydown', unlock, true);
  }
  return stop;
});

/**
 * One ring of the board's alert: two short tones made by Web Audio (no file to fetch). Silent until the page has been
 * touched (boardSound): the board says so, and its status shows the alert anyway.
 */
export function playAlert(): void {
  if (audio?.state !== 'running') return;
  try {
    const now = audio.currentTime;
    for (const [offset, frequency] of [
      [0, 880],
      [0.25, 1175],
    ] as const) {
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, now + offset);
      gain.gain.exponentialRampToValueAtTime(0.3, now + offset + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + offset + 0.2);
      tone.connect(gain).connect(audio.destination);
      tone.start(now + offset);
      tone.stop(now + offset + 0.22);
    }
  } catch {
    // No audio on this device: the status on the board still says an order waits.
  }
}
