"""The game's sounds, synthesised with Web Audio from ui/sound.py's tones: no file to download.

Glossary:
    context   the page's one AudioContext, made when a sound is first asked for while sound is on; a browser
              starts audio only after a gesture, so each gesture (a press, a key) wakes it if it sleeps
    sleep     the context is suspended while the page is hidden (nothing plays in a pocket or another tab)
              and while sound is off; nothing is scheduled then either
    master    the gain every sound goes through: the volume setting (ui/sound.py `loudness`)
    noise     a second of white noise made once, a moment after the context (not in a tap's time), that
              the loss's blast filters
    sample    a change of the sound or volume setting by the player plays the flag's sound, at that volume
    cost      a sound is a few nodes made and scheduled through the bridge as the board is painted (about
              a dozen calls a tone); bench/tap.py measures tap-to-paint with sound on and off
"""

from __future__ import annotations

import random

from pyscript.ffi import to_js

from minesweeper import Action
from minesweeper.game import Changes
from ui.play import Play
from ui.settings import InForce, Settings
from ui.sound import Cue, Sound, Tone, cue, loudness, tones

from .dom import Element, kept, listen

LEAD = 0.005  # seconds from asking to the first tone: every node is made and started by then
SILENT = 0.0001  # where the envelopes start and end (an exponential ramp cannot reach 0)
NOISE_SECONDS = 1.0
GESTURES = ("pointerdown", "pointerup", "keydown")


class Speaker:
    def __init__(self, document: Element, window: Element, settings: InForce) -> None:
        self.document, self.window, self.settings = document, window, settings
        self.context: Element = None
        self.master: Element = None
        self.noise: Element = None
        self._make_noise = kept(self.make_noise)
        for kind in GESTURES:
            listen(document, kind, lambda event: self.wake())
        listen(document, "visibilitychange", lambda event: self.wake() if self.is_on() else self.sleep())

    def is_on(self) -> bool:
        return bool(self.settings.current.sound) and not self.document.hidden

    # -- the signals ---------------------------------------------------------------------------------

    def on_played(self, play: Play, action: Action, changes: Changes) -> None:
        found = cue(action, changes, play.game)
        if found is not None:
            self.play(found)

    def on_settings(self, before: Settings, settings: Settings) -> None:
        if self.master is not None:
            self.master.gain.value = loudness(settings.volume)
        if not settings.sound:
            self.sleep()

    def on_changed(self, before: Settings, now: Settings) -> None:
        """The player changed a setting: a sample of the sound as it is now, if sound or volume changed."""
        if (before.sound, before.volume) != (now.sound, now.volume):
            self.play(Cue(Sound.FLAG))

    # -- playing -------------------------------------------------------------------------------------

    def play(self, cue: Cue) -> None:
        """Schedule `cue`'s tones now, if sound is on and the page shown."""
        if not self.is_on():
            return
        context = self.wake()
        start = context.currentTime + LEAD
        for tone in tones(cue):
            self.schedule(context, tone, start + tone.at)

    def schedule(self, context: Element, tone: Tone, at: float) -> None:
        end = at + tone.length
        envelope = context.createGain()
        gain = envelope.gain
        gain.setValueAtTime(SILENT, at)
        gain.linearRampToValueAtTime(tone.gain, at + tone.attack)
        gain.exponentialRampToValueAtTime(SILENT, end)
        envelope.connect(self.master)
        if tone.wave == "noise":
            if self.noise is None:
                return  # not made yet: the moment after the context's first start
            source = context.createBufferSource()
            source.buffer = self.noise
            shaped = context.createBiquadFilter()
            shaped.type = "lowpass"
            shaped.frequency.setValueAtTime(tone.pitch, at)
            shaped.frequency.exponentialRampToValueAtTime(tone.to, end)
            source.connect(shaped)
            shaped.connect(envelope)
        else:
            source = context.createOscillator()
            source.type = tone.wave
            source.frequency.setValueAtTime(tone.pitch, at)
            if tone.to != tone.pitch:
                source.frequency.exponentialRampToValueAtTime(tone.to, end)
            source.connect(envelope)
        source.start(at)
        source.stop(end + 0.02)

    # -- the context ---------------------------------------------------------------------------------

    def wake(self) -> Element:
        """The context, made if need be and resumed if it sleeps (a gesture lets it start); None while
        sound is off or the page hidden."""
        if not self.is_on():
            return None
        context = self.context
        if context is None:
            context = self.context = self.window.AudioContext.new()
            self.master = context.createGain()
            self.master.gain.value = loudness(self.settings.current.volume)
            self.master.connect(context.destination)
            self.window.setTimeout(self._make_noise, 0)
        elif context.state == "suspended":
            context.resume()
        return context

    def sleep(self) -> None:
        if self.context is not None and self.context.state == "running":
            self.context.suspend()

    def make_noise(self) -> None:
        context = self.context
        rate = int(context.sampleRate)
        noise = context.createBuffer(1, int(rate * NOISE_SECONDS), rate)
        draw = random.Random(29).uniform
        samples = noise.getChannelData(0)
        samples.set(to_js([draw(-1.0, 1.0) for _ in range(samples.length)]))
        self.noise = noise
