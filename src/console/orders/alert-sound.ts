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

/**
 * One ring of the board's alert: two short tones made by Web Audio (no file to fetch). A page the staff member
 * has not touched yet may not play sound (the browser's autoplay rule); the board's status shows the alert anyway.
 */
export function playAlert(): void {
  try {
    audio ??= new AudioContext();
    if (audio.state === 'suspended') void audio.resume();
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
