//! Strict readers of the answers that apply steps (protocol.md § 4.2, § 4.3): `stepped`,
//! `played`, `expanded`. Each panics on a line off the grammar, so every test that reads one
//! checks its form too.

/// How a game ended, as `over <result> <reason>[ <p1>-<p2>]` says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Over {
    pub result: String,
    pub reason: String,
    pub score: Option<(u32, u32)>,
}

/// One answer: its steps (for `stepped`, the step played then the `auto` ones), each with its
/// removals `(where, why)`, the turn's token (`stepped … turn`, `played`, `expanded`), and the
/// end of the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    pub steps: Vec<String>,
    pub auto: usize,
    pub removed: Vec<Vec<(String, String)>>,
    pub turn: Option<String>,
    pub over: Option<Over>,
}

const WHY: [&str; 5] = ["captured", "surrounded", "killed", "massacred", "split"];
const REASONS: [&str; 7] = [
    "no-checkers",
    "no-stones-on-board",
    "no-stones-in-hand",
    "no-legal-move",
    "two-passes",
    "turn-limit",
    "forfeit",
];

fn group(g: &str, line: &str) -> Vec<(String, String)> {
    if g == "-" {
        return Vec::new();
    }
    g.split(',')
        .map(|item| {
            let (place, why) = item
                .rsplit_once(':')
                .unwrap_or_else(|| panic!("removal '{item}' in {line}"));
            assert!(
                WHY.contains(&why) && !place.is_empty(),
                "'{item}' in {line}"
            );
            (place.to_string(), why.to_string())
        })
        .collect()
}

/// Reads `[ removed <group> …][ over …]` from `words` (for `n` steps) to the end of the line.
fn tail(words: &[&str], n: usize, line: &str) -> (Vec<Vec<(String, String)>>, Option<Over>) {
    let mut i = 0;
    let mut removed = vec![Vec::new(); n];
    if words.first() == Some(&"removed") {
        assert!(words.len() > n, "{line}");
        removed = words[1..=n].iter().map(|g| group(g, line)).collect();
        assert!(
            removed.iter().any(|g| !g.is_empty()),
            "`removed` only when something was removed: {line}"
        );
        i = n + 1;
    }
    let mut over = None;
    if words.get(i) == Some(&"over") {
        let result = words.get(i + 1).copied().unwrap_or("");
        let reason = words.get(i + 2).copied().unwrap_or("");
        assert!(["p1win", "p2win", "draw"].contains(&result), "{line}");
        assert!(REASONS.contains(&reason), "{line}");
        let score = words.get(i + 3).map(|s| {
            let (a, b) = s.split_once('-').unwrap_or_else(|| panic!("{line}"));
            (a.parse().unwrap(), b.parse().unwrap())
        });
        i += 3 + usize::from(score.is_some());
        over = Some(Over {
            result: result.into(),
            reason: reason.into(),
            score,
        });
    }
    assert_eq!(i, words.len(), "nothing after the last part: {line}");
    (removed, over)
}

/// `stepped <step>[ auto <step> …][ turn <move>][ removed <group> …][ over …]`
pub fn stepped(line: &str) -> Answer {
    let words: Vec<&str> = line.split(' ').collect();
    assert_eq!(words[0], "stepped", "{line}");
    assert!(words.len() >= 2, "{line}");
    let mut steps = vec![words[1].to_string()];
    let mut i = 2;
    let mut auto = 0;
    if words.get(i) == Some(&"auto") {
        i += 1;
        while i < words.len() && !["turn", "removed", "over"].contains(&words[i]) {
            steps.push(words[i].to_string());
            auto += 1;
            i += 1;
        }
        assert!(auto > 0, "{line}");
    }
    let mut turn = None;
    if words.get(i) == Some(&"turn") {
        turn = Some(words[i + 1].to_string());
        i += 2;
    }
    let (removed, over) = tail(&words[i..], steps.len(), line);
    assert!(
        over.is_none() || turn.is_some(),
        "only a whole turn ends a game: {line}"
    );
    Answer {
        steps,
        auto,
        removed,
        turn,
        over,
    }
}

/// `<word> <move> steps <step> …[ removed <group> …][ over …]`, `word` being `played` or
/// `expanded`.
pub fn played(word: &str, line: &str) -> Answer {
    let words: Vec<&str> = line.split(' ').collect();
    assert_eq!(words[0], word, "{line}");
    assert_eq!(words.get(2), Some(&"steps"), "{line}");
    let mut i = 3;
    let mut steps = Vec::new();
    while i < words.len() && !["removed", "over"].contains(&words[i]) {
        steps.push(words[i].to_string());
        i += 1;
    }
    assert!(!steps.is_empty(), "{line}");
    let (removed, over) = tail(&words[i..], steps.len(), line);
    Answer {
        steps,
        auto: 0,
        removed,
        turn: Some(words[1].to_string()),
        over,
    }
}

/// A board as `describe` gives it, and what a GUI that knows no rule does to it: the steps of an
/// answer applied as the notation says (a stone or piece placed, a checker or piece moved), then
/// each step's removals as reported. After any answer, that board must be the engine's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// Guerrilla Checkers: the `squares` then the `points` field; Guerrilla: `points`.
    cells: Vec<u8>,
    /// The cell index of each point or square name.
    names: std::collections::HashMap<String, usize>,
    checkers: bool,
    /// The mover's piece (`W`/`B`, Guerrilla) for placed pieces.
    mover: u8,
}

fn describe_field<'a>(describe: &'a str, name: &str) -> &'a str {
    crate::harness::field(describe, name)
}

impl Board {
    /// The board of a `describe` line; `points` names Guerrilla's points in position-string
    /// order (from `geometry`), unused for Guerrilla Checkers.
    pub fn of(describe: &str, points: &[String]) -> Board {
        let checkers = describe_field(describe, "game") == "guerrilla-checkers";
        let mut names = std::collections::HashMap::new();
        let cells;
        let mover;
        if checkers {
            for r in 0..8u8 {
                for f in 0..8u8 {
                    let n = format!("{}{}", (b'a' + f) as char, r + 1);
                    names.insert(n, 8 * r as usize + f as usize);
                }
            }
            for r in 0..9u8 {
                for f in 0..9u8 {
                    let n = format!("{}{}", (b'A' + f) as char, r + 1);
                    names.insert(n, 64 + 9 * r as usize + f as usize);
                }
            }
            cells = format!(
                "{}{}",
                describe_field(describe, "squares"),
                describe_field(describe, "points")
            )
            .into_bytes();
            mover = b'G';
        } else {
            for (i, n) in points.iter().enumerate() {
                names.insert(n.clone(), i);
            }
            cells = describe_field(describe, "points").as_bytes().to_vec();
            mover = if describe_field(describe, "to_move") == "white" {
                b'W'
            } else {
                b'B'
            };
        }
        Board {
            cells,
            names,
            checkers,
            mover,
        }
    }

    fn at(&self, name: &str) -> usize {
        *self
            .names
            .get(name)
            .unwrap_or_else(|| panic!("no point or square {name}"))
    }

    fn put(&mut self, name: &str, c: u8) {
        let i = self.at(name);
        self.cells[i] = c;
    }

    fn get(&self, name: &str) -> u8 {
        self.cells[self.at(name)]
    }

    /// Moves what stands on `from` to `to`, checking there is something to move and room.
    fn slide(&mut self, from: &str, to: &str, empty: u8) {
        let c = self.get(from);
        assert!(
            c != empty && self.get(to) == empty,
            "{from}-{to} on {self:?}"
        );
        self.put(from, empty);
        self.put(to, c);
    }

    /// Applies the steps of `a` and their removals, as a GUI would, checking that each removal
    /// takes away what the reason says.
    pub fn apply(&mut self, a: &Answer) {
        for (step, removed) in a.steps.iter().zip(&a.removed) {
            self.step(step);
            for (place, why) in removed {
                let c = self.get(place);
                let (expect, left): (&[u8], u8) = match why.as_str() {
                    "captured" => (b"G", b'.'),
                    "surrounded" => (b"C", b'.'),
                    "split" => (&[self.mover], b'.'),
                    "killed" => (&[b'W' + b'B' - self.mover], b'.'),
                    "massacred" => (&[b'W' + b'B' - self.mover], b'X'),
                    other => panic!("removal {other}"),
                };
                assert!(expect.contains(&c), "{place}:{why} on '{}'", c as char);
                self.put(place, left);
            }
        }
    }

    fn step(&mut self, step: &str) {
        if self.checkers {
            if let Some((from, to)) = step.split_once(['-', 'x']) {
                self.slide(from, to, b'.');
            } else {
                assert_eq!(self.get(step), b'.', "{step}");
                self.put(step, b'G');
            }
            return;
        }
        if let Some(p) = step.strip_prefix('+').or_else(|| step.strip_prefix('*')) {
            assert_eq!(self.get(p), b'.', "{step}");
            self.put(p, self.mover);
        } else if let Some((from, to)) = step.split_once('-') {
            self.slide(from, to, b'.');
        }
        // pass, endgroup, =<point>, endmove and kills change nothing on the board: victims
        // leave it when the turn ends, as their removals say.
    }

    /// The board's cells, as `describe` writes them.
    pub fn text(&self) -> String {
        String::from_utf8(self.cells.clone()).unwrap()
    }
}
