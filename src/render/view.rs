//! What a picture shows ([`BoardView`]) and how it is drawn ([`Style`],
//! [`Palette`]): the vocabulary every drawing file takes, kept beneath them.

use crate::engine::{Game, GameResult, MoveReport, Position, Side};

use super::words::BoardWords;

/// The colours of the last move's marks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Palette {
    /// Gold start, green end, red captures.
    #[default]
    Standard,
    /// Okabe-Ito yellow start, sky-blue end, vermillion captures: no red
    /// against green. (The marks differ by shape in both palettes.)
    ColourBlindSafe,
}

/// How a board is drawn, whatever it shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Style {
    /// The side whose rows, band and labels are drawn at the bottom; the
    /// picture is turned half a circle for North, text kept upright.
    pub bottom: Side,
    /// The highlight colours.
    pub palette: Palette,
}

impl Default for Style {
    /// South at the bottom, standard colours.
    fn default() -> Style {
        Style {
            bottom: Side::South,
            palette: Palette::Standard,
        }
    }
}

/// What a board picture shows, and its words. Build with [`BoardView::new`]
/// and the setters.
#[derive(Debug, Clone, Copy)]
pub struct BoardView<'a> {
    /// The position to draw.
    pub position: &'a Position,
    /// The move that led to it, marked on the board (start, end, captures).
    pub last: Option<&'a MoveReport>,
    /// Player names, South then North; `None` shows the side's name.
    pub names: [Option<&'a str>; 2],
    /// The result, once the game is over (shown instead of whose turn it is).
    pub result: Option<GameResult>,
    /// How it is drawn (South at the bottom and standard colours by default).
    pub style: Style,
    /// The words of the picture, the text board and the alt text.
    pub words: &'a dyn BoardWords,
}

impl<'a> BoardView<'a> {
    /// A view of a position in `words` (a language: `&Lang::ENGLISH`), with
    /// no last move, no names and no result.
    pub fn new(position: &'a Position, words: &'a dyn BoardWords) -> BoardView<'a> {
        BoardView {
            position,
            last: None,
            names: [None, None],
            result: None,
            style: Style::default(),
            words,
        }
    }

    /// A view of a game's current position and result, in `words`.
    pub fn of_game(game: &'a Game, words: &'a dyn BoardWords) -> BoardView<'a> {
        BoardView::new(game.position(), words).result(game.result())
    }

    /// Marks the move that led to the position.
    pub fn last_move(mut self, report: Option<&'a MoveReport>) -> BoardView<'a> {
        self.last = report;
        self
    }

    /// Sets the players' names (South, North).
    pub fn names(mut self, south: Option<&'a str>, north: Option<&'a str>) -> BoardView<'a> {
        self.names = [south, north];
        self
    }

    /// Sets the result.
    pub fn result(mut self, result: Option<GameResult>) -> BoardView<'a> {
        self.result = result;
        self
    }

    /// Draws the board with `side`'s rows at the bottom.
    pub fn bottom(mut self, side: Side) -> BoardView<'a> {
        self.style.bottom = side;
        self
    }

    /// Draws the last move's marks in `palette`'s colours.
    pub fn palette(mut self, palette: Palette) -> BoardView<'a> {
        self.style.palette = palette;
        self
    }

    /// Sets the whole style.
    pub fn style(mut self, style: Style) -> BoardView<'a> {
        self.style = style;
        self
    }
}
