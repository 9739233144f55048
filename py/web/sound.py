"""The game's sounds, synthesised with Web Audio from ui/sound.py's tones: no file to download.

Glossary:
    context   the page's one AudioContext, made when a sound is first asked for while sound is on; a browser
              starts audio only after a gesture, so each gesture (a press, a key) wakes it if it sleeps.
              Heard only while sound is on: with sound off (the default) a press costs no call into Python
    sleep     the context is suspended while the page is hidden (nothing plays in a pocket or another tab)
              and while sound is off; nothing is scheduled then either
    master    the gain every sound goes through: the volume setting (ui/sound.py `loudness`)
    noise     a second of white noise made once, a moment after the context (not in a tap's time), that
              the loss's blast filters
    sample    a change of the sound or volume setting by the player plays the flag's sound, at that volume
    cost      a sound is a few nodes made and scheduled, about a dozen calls into Web Audio a tone: made in
              one call from Python (js/sound.js), as each call across the bridge costs more than the work
              it asks for, and after the board's paint (web/dom.py `after paint`), which it never delays;
              bench/tap.py measures tap-to-paint with sound on and off
"""

from __future__ import annotations

import random

from pyscript.ffi import to_js

from minesweeper import Action
from minesweeper.game import Changes
from ui.play import Play
from ui.settings import InForce, Settings
from ui.sound import Cue, Sound, cue, loudness, tones

from .dom import AfterPaint, Element, Listening, kept, listen

LEAD = 0.005  # seconds from asking to the first tone: every node is made and started by then
NOISE_SECONDS = 1.0
GESTURES = ("pointerdown", "pointerup", "keydown")


class Speaker:
    def __init__(self, document: Element, window: Element, settings: InForce, later: AfterPaint) -> None:
        self.document, self.window, self.settings, self.later = document, window, settings, later
        self.context: Element = None
        self.master: Element = None
        self.noise: Element = None
        self.synth = window.minesweeperSound  # js/sound.js: a sound's tones in one call
        self._make_noise = kept(self.make_noise)
        # Heard while sound is on, before the board's listeners (js/press.js keeps a tap from the others).
        self.gestures = Listening(document, GESTURES, lambda event: self.wake(), capture=True)
        self.cues: list[Cue] = []  # the actions' cues waiting for the paint, played in order then
        listen(document, "visibilitychange", lambda event: self.wake() if self.is_on() else self.sleep())

    def is_on(self) -> bool:
        return bool(self.settings.current.sound) and not self.document.hidden

    # -- the signals ---------------------------------------------------------------------------------

    def on_played(self, play: Play, action: Action, changes: Changes) -> None:
        """The action's sound, played once the board is painted (the game may change by then: its cue is
        read now). None for an action taken while the page is hidden: shown again, it would sound late."""
        if not self.is_on():
            return
        found = cue(action, changes, play.game)
        if found is not None:
            self.cues.append(found)
            self.later.ask("sound", self.play_waiting)

    def on_settings(self, before: Settings, settings: Settings) -> None:
        if self.master is not None:
            self.master.gain.value = loudness(settings.volume)
        self.gestures.hear(settings.sound)
        if not settings.sound:
            self.sleep()

    def on_changed(self, before: Settings, now: Settings) -> None:
        """The player changed a setting: a sample of the sound as it is now, if sound or volume changed."""
        if (before.sound, before.volume) != (now.sound, now.volume):
            self.play(Cue(Sound.FLAG))

    # -- playing -------------------------------------------------------------------------------------

    def play_waiting(self) -> None:
        """Every cue asked since the last paint, in order (a burst of moves before one frame plays each)."""
        waiting, self.cues = self.cues, []
        for each in waiting:
            self.play(each)

    def play(self, cue: Cue) -> None:
        """Schedule `cue`'s tones now, if sound is on and the page shown (in one call: js/sound.js)."""
        if not self.is_on():
            return
        context = self.wake()
        lines = (
            f"{tone.wave} {tone.at} {tone.length} {tone.pitch} {tone.to} {tone.gain} {tone.attack}"
            for tone in tones(cue)
        )
        self.synth.play(context, self.master, self.noise, context.currentTime + LEAD, "\n".join(lines))

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
