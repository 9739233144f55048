"""Composition root: mount the game on the page, then start the game the address asks for, or a new one."""

from web import updates
from web.app import App

app = App.mount()
app.open_link() or app.new_game()
updates.start()  # offline play, and the prompt when a new version is ready
