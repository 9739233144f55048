"""Composition root: make the page's parts, each given what it uses, connect them to each other's signals,
apply the stored settings, then start the game the address asks for, or the one kept, or a new one."""

from web import precompiled

precompiled.install()  # first: the classes made from here on take their methods compiled, from py.zip

from web import i18n

i18n.install()  # before any text is made: the page's language (js/frame.js chose it), its texts and formats

from collections.abc import Callable

from pyscript import document, window

from minesweeper import Game
from ui.commands import Command
from ui.links import Link
from ui.saved import Sight
from ui.settings import Settings
from web import updates
from web.analysis import AnalysisBoard
from web.app import App
from web.badge import NoGuessBadge
from web.commands import Commands
from web.daily import DailyBoards
from web.dom import AfterPaint
from web.editor import Editor
from web.games import Games
from web.gestures import FlagModeButton
from web.hints import Hints
from web.layout import Screen
from web.links import AddressBar
from web.loading import LoadingTap
from web.notes import MessageLine
from web.panels import LeaveDialog, Panels
from web.persist import Persistence
from web.practice import PracticeBar
from web.replay import Replay
from web.results import Results
from web.review import ReviewPanel
from web.saved import Keeper
from web.settings import LiveSettings
from web.share import Sharing
from web.solve import Solver
from web.sound import Speaker
from web.statsview import StatsPanel
from web.theme import Theme
from web.view import View
from web.zoom import Zoom

# PyScript runs this file as a coroutine: js/frame.js says when the helpers the parts read have all run.
await window.minesweeperParsed  # type: ignore[top-level-await]  # noqa: F704

# The page's shared services, then the app, then the parts. DOM listeners run in the order they are added:
# the commands' keydown comes before the solver's, which stops on any key but its own.
view, settings, notes, address, later = (
    View(document),
    LiveSettings(),
    MessageLine(document, window),
    AddressBar(window),
    AfterPaint(window),  # what an input asks that draws nothing waits for the board's paint
)
theme = Theme(document, window)
app = App(window, view, settings, notes, later)
commands = Commands(document, app, view)
hints = Hints(document, app, view, notes)
zoom = Zoom(document, window, app, view, settings, notes.leave_out)
keeper = Keeper(app, settings, notes, later, lambda: Sight(zoom.centre(), app.odds_on, hints.hinted))
dailies = DailyBoards(app, view, notes, keeper)
replay = Replay(document, window, app, view, notes)
games = Games(app, settings, notes, view, LeaveDialog(document, view), replay, dailies)
panels = Panels(document, app, settings, commands, games)
badge, sharing = NoGuessBadge(document, app, view, notes), Sharing(window, app, address, notes, dailies)
analysis = AnalysisBoard(document, app, view, notes)
review = ReviewPanel(document, window, app, analysis, view, notes, games)
editor = Editor(document, window, analysis, view, notes, sharing, address, games)
practice = PracticeBar(document, app, view)
stats = StatsPanel(app, settings, view, notes, keeper, dailies, games, replay, review)
solver = Solver(document, window, app, view, notes, dailies)
results = Results(keeper, dailies, stats, panels, notes, view)
persistence = Persistence(window, keeper.stats.played)  # the games the statistics had counted
flag_mode, screen = (
    FlagModeButton(document, settings, app.input, view),
    Screen(document, window, app, view, notes),
)
speaker = Speaker(document, window, settings, later)

settings.applied.connect(
    lambda before, now: theme.show(now.theme), app.on_settings_applied, panels.on_settings, zoom.on_settings
)
settings.applied.connect(flag_mode.on_settings, speaker.on_settings)


def on_settings_changed(before: Settings, now: Settings) -> None:
    """The player changed settings: they are kept first, since a new language starts the page again, which
    then reads them (js/frame.js)."""
    keeper.on_settings(now)
    if now.language != before.language:
        i18n.relaunch()


settings.changed.connect(on_settings_changed, speaker.on_changed)
app.started.connect(
    keeper.on_started,
    panels.on_started,
    stats.on_started,
    hints.on_started,
    badge.on_started,
    replay.on_started,
    dailies.on_started,
    solver.on_started,
    analysis.on_started,
    review.on_started,
    practice.on_started,
)
# A study borrowed the board: what draws on the game's cells stops, the verdict's note and mark go (they
# name the game's cells), and the statistics prompt, which covers the toolbar, is put away.
app.lent.connect(replay.on_lent, solver.on_lent, hints.on_replay_open, stats.put_away)
app.played.connect(speaker.on_played)
app.acted.connect(hints.on_acted, keeper.on_acted, badge.on_acted, dailies.on_acted)
app.abandoned.connect(results.on_abandoned)
keeper.left.connect(results.on_abandoned)  # left by an earlier page: counted alike
app.ended.connect(results.on_ended, hints.on_ended, review.on_ended, persistence.on_ended)
analysis.opened.connect(editor.on_opened)
analysis.shown.connect(editor.on_shown)
analysis.asked_edit.connect(editor.on_intent)
app.no_guess_failed.connect(badge.on_failed)
notes.front_changed.connect(stats.on_note)  # the statistics question shows when it comes to the front
keeper.changed.connect(stats.on_stats_changed)
keeper.resumed.connect(
    lambda sight: zoom.restore(sight.centre), lambda sight: hints.restore(sight.odds, sight.hint)
)
replay.opened.connect(stats.put_away)  # the replay takes the toolbar's row, where the statistics prompt sits
replay.opened.connect(hints.on_replay_open)  # the loss's verdict and mark belong to its end, not each move
screen.turned.connect(hints.on_turn, replay.on_turn, dailies.on_turn)  # a turned grid has lost the marks
screen.relaid.connect(analysis.on_relaid)


def open_link(link: Link | None) -> bool:
    """The game a link names comes to the board; an analysis link's position opens over the game there."""
    opened = games.open(link)
    analysis.open_link(link)
    return opened


address.pasted.connect(lambda: open_link(address.take()))


def on_replay_closed(game: Game) -> None:
    """A shared game watched, then closed: back to the player's own game (kept in storage), else a new one.
    The player's own lost game: its verdict again."""
    if app.play.watched:
        keeper.resume() or games.new()
    else:
        hints.after_replay(game)


replay.closed.connect(on_replay_closed)


def game_first(handler: Callable[[bool], object]) -> Callable[[bool], object]:
    """A command that acts on the game's cells: a study on the board gives it back first."""

    def run(keyed: bool) -> object:
        analysis.close()
        return handler(keyed)

    return run


commands.add(
    {
        Command.NEW: lambda keyed: games.leave_then(games.new),
        Command.AGAIN: lambda keyed: games.leave_then(games.again),
        Command.DAILY: lambda keyed: games.leave_then(games.daily),
        Command.HINT: game_first(hints.hint),  # keyed: the focus cell goes to the hinted cell
        Command.ODDS: game_first(lambda keyed: hints.toggle_odds()),
        Command.REPLAY: game_first(lambda keyed: replay.open()),
        Command.STATS: lambda keyed: stats.open_stats(),
        Command.SETTINGS: lambda keyed: panels.open_settings(),
        Command.HELP: lambda keyed: panels.open_help(),
        Command.SHARE: lambda keyed: sharing.share(),
        Command.COPY_REPLAY: lambda keyed: sharing.copy_replay(),
        Command.COPY_LINK: lambda keyed: sharing.copy_link(),
        Command.SOLVE: game_first(solver.toggle),
        Command.REVIEW: lambda keyed: review.review_board(),
        Command.ANALYSIS: lambda keyed: analysis.analyse_board(),
    }
)

settings.set(keeper.settings_kept or settings.current)  # before the first game: its size, its rules
keeper.abandon_unsaid()  # this tab's game under way, not remembered, whose page went without a word
if address.names_a_game:
    keeper.abandon_stored()  # the link wins over the game kept from the last visit: left, it counts
frame_tap = LoadingTap(app, view)  # read before the first game replaces the loading frame
link = address.take()
games.open(link) or keeper.resume() or games.new()
analysis.open_link(link)  # an analysis link's position, over the game just put on the board
frame_tap.play()  # a tap on the loading frame: the first click of the game now on the board
keeper.report()  # one line if stored data could not be used
updates.start()  # offline play, and the prompt when a new version is ready
persistence.start()  # an installed app asks the browser to keep its storage


def warm() -> None:
    """The first tap's one-off work, done before it: the looks' images parsed, the tap's code compiled."""
    view.warm()
    app.rehearse()


later.ask("warm", warm, idle=True)
