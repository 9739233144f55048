"""Composition root: mount the game on the page, then start the game the address asks for, or a new one."""

from web import precompiled

precompiled.install()  # first: the classes made from here on take their methods compiled, from py.zip

from web import updates
from web.app import App
from web.datapanel import DataPanel
from web.hints import Hints
from web.keeper import Keeper
from web.mode import NoGuessMode
from web.phone import Phone
from web.replay import Replay
from web.zoom import Zoom

app = App.mount()
keeper = Keeper(app)  # stored settings apply before the first game; saves from then on
panel = DataPanel(app, keeper)
hints, mode = Hints(app), NoGuessMode(app)  # the solver's help and the no-guess badge and offer
replay = Replay(app)  # a finished game, move by move
zoom = Zoom(app)  # after the keeper: starts from the stored zoom
app.open_link() or keeper.resume() or app.new_game()
keeper.report()  # one line if stored data could not be used
phone = Phone(app)  # the board turns with the screen; flag mode; full screen
phone.on_turn.connect(hints.on_turn)  # a turned grid has lost the hint and odds marks: redraw them
phone.on_turn.connect(replay.on_turn)  # and a replay's frame
replay.on_open.connect(panel.put_away)  # the replay takes the toolbar's row, where the statistics prompt sits
updates.start()  # offline play, and the prompt when a new version is ready
