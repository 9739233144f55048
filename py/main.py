"""Composition root: mount the game on the page, then start the game the address asks for, or a new one."""

from web import updates
from web.app import App
from web.datapanel import DataPanel
from web.hints import Hints
from web.keeper import Keeper
from web.mode import NoGuessMode

app = App.mount()
keeper = Keeper(app)  # stored settings apply before the first game; saves from then on
panel = DataPanel(app, keeper)
hints, mode = Hints(app), NoGuessMode(app)  # the solver's help and the no-guess badge and offer
app.open_link() or keeper.resume() or app.new_game()
keeper.report()  # one line if stored data could not be used
updates.start()  # offline play, and the prompt when a new version is ready
