// Schedules a sound's tones in one call from Python (py/web/sound.py `play`). A tone takes a dozen calls
// into Web Audio (nodes made, connected, ramps set, started); made from Python, each crossed from
// WebAssembly to JavaScript and back as the board was painted, and a cascade of six notes delayed the paint
// (bench/tap.py). The tones come as one string: a line each, `wave at length pitch to gain attack`.
"use strict";
globalThis.minesweeperSound = Object.freeze({
  SILENT: 0.0001, // where the envelopes start and end (an exponential ramp cannot reach 0)

  /** Schedule `tones` from `start` (the context's time) through `master`; noise tones need `noise` (a
      buffer), and are left out while it is missing. */
  play(context, master, noise, start, tones) {
    for (const line of tones.split("\n")) {
      const [wave, ...numbers] = line.split(" ");
      const [at, length, pitch, to, gain, attack] = numbers.map(Number);
      const begin = start + at, end = begin + length;
      if (wave === "noise" && noise == null) continue; // null or undefined (Python's None)
      const envelope = context.createGain();
      envelope.gain.setValueAtTime(this.SILENT, begin);
      envelope.gain.linearRampToValueAtTime(gain, begin + attack);
      envelope.gain.exponentialRampToValueAtTime(this.SILENT, end);
      envelope.connect(master);
      let source;
      if (wave === "noise") {
        source = context.createBufferSource();
        source.buffer = noise;
        const shaped = context.createBiquadFilter();
        shaped.type = "lowpass";
        shaped.frequency.setValueAtTime(pitch, begin);
        shaped.frequency.exponentialRampToValueAtTime(to, end);
        source.connect(shaped);
        shaped.connect(envelope);
      } else {
        source = context.createOscillator();
        source.type = wave;
        source.frequency.setValueAtTime(pitch, begin);
        if (to !== pitch) source.frequency.exponentialRampToValueAtTime(to, end);
        source.connect(envelope);
      }
      source.start(begin);
      source.stop(end + 0.02);
    }
  },
});
