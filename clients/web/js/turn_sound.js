// The sound on a player's turn: off unless the player turned it on (kept in this browser);
// two short tones made here, so there is no sound file to fetch.
export const turnSound = {
  on() { try { return localStorage.getItem('nyanhall.sound') === '1'; } catch { return false; } },
  set(on) { try { localStorage.setItem('nyanhall.sound', on ? '1' : '0'); } catch { /* private mode */ } },
  play() {
    try {
      const Ctx = window.AudioContext || window.webkitAudioContext;
      if (!Ctx) return;
      this.ctx = this.ctx || new Ctx();
      const now = this.ctx.currentTime;
      [[660, 0], [880, 0.12]].forEach(([hz, at]) => {
        const osc = this.ctx.createOscillator();
        const gain = this.ctx.createGain();
        osc.frequency.value = hz;
        gain.gain.setValueAtTime(0.12, now + at);
        gain.gain.exponentialRampToValueAtTime(0.001, now + at + 0.1);
        osc.connect(gain).connect(this.ctx.destination);
        osc.start(now + at);
        osc.stop(now + at + 0.11);
      });
    } catch { /* no audio here */ }
  },
};
