//! format ∘ parse = identity on every command and message kind, with generated values: the
//! text a value is written as parses back to that value, and writing it again gives the same
//! text.

use proptest::collection::vec;
use proptest::option;
use proptest::prelude::*;

use super::super::*;
use crate::game::{FieldKind, GeoPoint, GeoSquare, Outcome, Side};

/// A token no grammar reads as a keyword: a letter, a digit, then move-like characters.
fn tok() -> impl Strategy<Value = String> {
    "[a-zA-Z][0-9][a-zA-Z0-9*+=.,:x-]{0,6}"
}

/// A place or a word of a removal: no `:`, `,` or space.
fn part() -> impl Strategy<Value = String> {
    "[a-zA-Z0-9][a-zA-Z0-9*+=.-]{0,6}"
}

/// The rest of a line: printable ASCII, spaces anywhere but never empty.
fn text() -> impl Strategy<Value = String> {
    "[ -~]{0,24}[!-~]"
}

/// A lower-case word with hyphens, as the games word reasons and removals.
fn word() -> impl Strategy<Value = String> {
    "[a-z]{2,8}(-[a-z]{2,8}){0,2}"
}

/// What a `help` line of `about` explains: a phase (with a `describe` field or not), a step,
/// a removal.
fn help_topic() -> impl Strategy<Value = HelpTopic> {
    prop_oneof![
        (word(), option::of("[a-z][a-z0-9_]{0,8}"))
            .prop_map(|(phase, while_set)| HelpTopic::Phase { phase, while_set }),
        word().prop_map(HelpTopic::Step),
        word().prop_map(HelpTopic::Removal),
    ]
}

/// A quote of input: any printable text but a quote mark (whole or cut, with a length).
fn quoted() -> impl Strategy<Value = Quoted> {
    ("[ -&(-~]{0,24}", option::of(81usize..100_000))
        .prop_map(|(text, bytes)| Quoted { text, bytes })
}

/// An error line's refusal, with or without each of its optional parts; a reason may hold
/// parentheses of its own.
fn refusal() -> impl Strategy<Value = Refusal> {
    (
        "[a-z][a-z0-9 ,.:=()-]{0,30}".prop_filter("one 'but got'", |e| !e.contains(" but got ")),
        quoted(),
        option::of(prop_oneof![
            "[a-z0-9 ,.:=-]{1,30}",
            "[a-z ]{1,8}\\([a-z0-9 ]{0,8}\\)[a-z ]{0,8}"
        ]),
        option::of("[a-z0-9][a-z0-9 ,.-]{0,24}"),
        option::of(
            ("[ -~]{0,24}", option::of(81usize..100_000))
                .prop_map(|(text, bytes)| Quoted { text, bytes }),
        ),
    )
        .prop_map(|(expected, got, reason, then, line)| Refusal {
            expected,
            got,
            reason,
            then,
            line,
        })
}

fn side() -> impl Strategy<Value = Side> {
    prop_oneof![Just(Side::P1), Just(Side::P2)]
}

fn outcome() -> impl Strategy<Value = Outcome> {
    prop_oneof![
        Just(Outcome::Win(Side::P1)),
        Just(Outcome::Win(Side::P2)),
        Just(Outcome::Draw)
    ]
}

fn score() -> impl Strategy<Value = Score> {
    prop_oneof![
        (-1000i32..=1000).prop_map(|n| Score::Expected(n as f64 / 1000.0)),
        Just(Score::Expected(-0.0)),
        any::<u32>().prop_map(Score::WinIn),
        any::<u32>().prop_map(Score::LossIn),
        any::<u32>().prop_map(Score::DrawIn),
        any::<i32>().prop_map(Score::Centipawns),
        any::<i32>().prop_map(Score::Mate),
    ]
}

fn info_report() -> impl Strategy<Value = InfoReport> {
    (
        any::<u32>(),
        option::of(1u32..=64),
        (any::<u64>(), any::<u64>(), any::<u64>()),
        score(),
        option::of(any::<[u32; 3]>()),
        option::of(any::<u64>()),
        vec(tok(), 0..5),
    )
        .prop_map(
            |(depth, multipv, (nodes, time, nps), score, wdl, visits, pv)| InfoReport {
                depth,
                multipv,
                nodes,
                time,
                nps,
                score,
                wdl,
                visits,
                pv,
            },
        )
}

fn removal() -> impl Strategy<Value = Removal> {
    (part(), word()).prop_map(|(place, why)| Removal { place, why })
}

/// Steps with what they removed: either none removed anything, or at least one did (the
/// engine writes no `removed` clause of `-` alone).
fn steps_done(min: usize) -> impl Strategy<Value = Vec<StepDone>> {
    vec((tok(), vec(removal(), 0..3)), min..5).prop_map(|v| {
        v.into_iter()
            .map(|(step, removed)| StepDone { step, removed })
            .collect()
    })
}

fn over() -> impl Strategy<Value = Over> {
    (outcome(), word(), option::of(any::<[u32; 2]>())).prop_map(|(outcome, reason, score)| Over {
        outcome,
        reason,
        score,
    })
}

fn coord() -> impl Strategy<Value = f64> {
    (0u32..20_000).prop_map(|n| n as f64 / 1000.0)
}

fn names() -> impl Strategy<Value = Vec<String>> {
    vec(part(), 0..4)
}

fn describe() -> impl Strategy<Value = Describe> {
    (
        part(),
        side(),
        any::<bool>(),
        option::of(outcome()),
        option::of(side()),
        vec(("[a-z_]{1,8}", "[a-zA-Z0-9.,+=*-]{0,10}"), 0..6),
        option::of(word()),
    )
        .prop_filter_map(
            "game fields named as common fields",
            |(game, tomove, turnstart, result, forfeit, fields, reason)| {
                if fields
                    .iter()
                    .any(|(n, _)| COMMON_FIELDS.contains(&n.as_str()))
                    || reason.as_deref() == Some("none")
                {
                    return None;
                }
                Some(Describe {
                    game,
                    tomove,
                    turnstart,
                    result,
                    forfeit,
                    fields,
                    reason,
                })
            },
        )
}

fn option_decl() -> impl Strategy<Value = OptionDecl> {
    let name = "[A-Z][a-z]{0,6}( [A-Z][a-z]{0,6}){0,2}";
    let kind = prop_oneof![
        (part(), vec(part(), 0..4)).prop_map(|(default, vars)| OptionKind::Combo { default, vars }),
        any::<[i64; 3]>().prop_map(|[default, min, max]| OptionKind::Spin { default, min, max }),
        any::<bool>().prop_map(|default| OptionKind::Check { default }),
        vec(part(), 0..3).prop_map(|w| OptionKind::Text {
            default: w.join(" ")
        }),
        Just(OptionKind::Button),
    ];
    (name, kind).prop_map(|(name, kind)| OptionDecl { name, kind })
}

/// Every message kind outside `show` and `help`.
fn message() -> impl Strategy<Value = Message> {
    let handshake = prop_oneof![
        text().prop_map(Message::IdName),
        text().prop_map(Message::IdAuthor),
        option_decl().prop_map(Message::Option),
        Just(Message::UgiOk),
        Just(Message::ReadyOk),
    ];
    let search = prop_oneof![
        info_report().prop_map(Message::Info),
        (tok(), any::<u64>())
            .prop_map(|(turn, number)| Message::CurrMove(CurrMove { turn, number })),
        text()
            .prop_filter("an error line", |t| !t.starts_with(ERROR_PREFIX))
            .prop_map(Message::InfoString),
        text().prop_map(Message::Error),
        Just(Message::BestMove(BestMove::none())),
        (tok(), option::of(tok())).prop_map(|(t, ponder)| Message::BestMove(BestMove {
            turn: Some(t),
            ponder
        })),
    ];
    let answers = prop_oneof![
        any::<bool>().prop_map(|b| Message::Response(Response::Bool(b))),
        option::of(outcome()).prop_map(|o| Message::Response(Response::Result(o))),
        vec(tok(), 0..5).prop_map(Message::Steps),
        (
            prop_oneof![
                Just(TurnsListed::Complete),
                Just(TurnsListed::Partial),
                Just(TurnsListed::MidTurn)
            ],
            vec(tok(), 0..5)
        )
            .prop_map(|(l, t)| Message::Turns(l, t)),
        (tok(), steps_done(1), option::of(over()))
            .prop_map(|(turn, steps, over)| Message::Played(TurnAnswer { turn, steps, over })),
        (tok(), steps_done(1), option::of(over()))
            .prop_map(|(turn, steps, over)| Message::Expanded(TurnAnswer { turn, steps, over })),
        (steps_done(1), option::of(tok()), option::of(over())).prop_map(|(mut all, turn, over)| {
            let step = all.remove(0);
            Message::Stepped(SteppedAnswer {
                step,
                auto: all,
                turn,
                over,
            })
        }),
        prop_oneof![
            tok().prop_map(Undone::Step),
            tok().prop_map(Undone::Turn),
            Just(Undone::Forfeit)
        ]
        .prop_map(Message::Undone),
        text().prop_map(Message::Start),
        vec(tok(), 0..5).prop_map(Message::History),
        vec(tok(), 0..5).prop_map(Message::Building),
    ];
    let views = prop_oneof![
        text().prop_map(Message::Fen),
        side().prop_map(Message::ToMove),
        option::of(outcome()).prop_map(Message::Result),
        describe().prop_map(Message::Describe),
        (part(), any::<u64>(), any::<u64>()).prop_map(|(game, points, squares)| {
            Message::GeometryHeader(GeometryHeader {
                game,
                points,
                squares,
            })
        }),
        (part(), coord(), coord(), any::<bool>(), names()).prop_map(
            |(name, x, y, play, neighbours)| Message::Point(GeoPoint {
                name,
                x,
                y,
                play,
                neighbours
            })
        ),
        (
            part(),
            coord(),
            coord(),
            [part(), part(), part(), part()],
            names(),
            any::<bool>()
        )
            .prop_map(|(name, x, y, corners, diagonals, dark)| {
                Message::Square(GeoSquare {
                    name,
                    x,
                    y,
                    corners,
                    diagonals,
                    dark,
                })
            }),
        Just(Message::GeometryEnd),
    ];
    let about = prop_oneof![
        part().prop_map(Message::About),
        text().prop_map(Message::Title),
        (side(), text()).prop_map(|(s, n)| Message::SideName(s, n)),
        ("[!-~]", option::of(side()), part(), any::<bool>(), text()).prop_map(
            |(c, owner, colour, grouped, noun)| Message::Piece(Piece {
                char: c.chars().next().unwrap(),
                owner,
                colour,
                grouped,
                noun,
            })
        ),
        vec(part(), 0..4).prop_map(Message::GameOptions),
        (
            part(),
            prop_oneof![Just(FieldKind::Count), Just(FieldKind::Turn)],
            text()
        )
            .prop_map(|(name, kind, label)| Message::Field(Field { name, kind, label })),
        (word(), text()).prop_map(|(word, label)| Message::Reason(GameWord { word, label })),
        (word(), option::of("[!-,.-~]"), text()).prop_map(|(word, leaves, label)| {
            Message::RemovalWord(RemovalWord {
                word,
                leaves: leaves.map(|c| c.chars().next().unwrap()),
                label,
            })
        }),
        (word(), text()).prop_map(|(word, label)| Message::StepWord(GameWord { word, label })),
        (help_topic(), text())
            .prop_map(|(topic, text)| Message::HelpLine(HelpLine { topic, text })),
        text().prop_map(Message::Tour),
        Just(Message::AboutEnd),
    ];
    let counts = prop_oneof![
        (tok(), any::<u64>()).prop_map(|(t, n)| Message::Divide(t, n)),
        any::<u64>().prop_map(Message::NodesSearched),
        any::<u64>().prop_map(Message::NodesPerSecond),
    ];
    prop_oneof![handshake, search, answers, views, about, counts]
}

/// The lines of `show` and `help`, each with the answer it is read in.
fn free_text() -> impl Strategy<Value = (Message, Within)> {
    prop_oneof![
        "[A-Z0-9 .|+-]{0,8}[A-Z.|+-][A-Z0-9 .|+-]{0,20}"
            .prop_map(|l| (Message::Picture(l), Within::Show)),
        vec(tok(), 1..5).prop_map(|s| (Message::ShowSteps(s), Within::Show)),
        text().prop_map(|t| (Message::Fen(t), Within::Show)),
        "[ -~]{0,40}".prop_map(|l| (Message::Help(l), Within::Help)),
    ]
}

/// A token as a command's argument: no space, no control character.
fn arg() -> impl Strategy<Value = String> {
    "[!-~]{1,8}"
}

fn command() -> impl Strategy<Value = Command> {
    let plain = prop_oneof![
        Just(Command::Ugi),
        Just(Command::IsReady),
        Just(Command::UgiNewGame),
        Just(Command::Stop),
        Just(Command::PonderHit),
        Just(Command::Quit),
        Just(Command::Undo),
        Just(Command::UndoStep),
        Just(Command::Show),
        Just(Command::Describe),
        Just(Command::Geometry),
        Just(Command::About),
        Just(Command::History),
        Just(Command::Bench),
        Just(Command::Help),
    ];
    let words = |min| vec(arg().prop_filter("value", |w| w != "value"), min..4);
    let setoption =
        (words(1), option::of(vec(arg(), 1..4))).prop_map(|(name, value)| Command::SetOption {
            name: name.join(" "),
            value: value.map(|v| v.join(" ")),
        });
    let position = (
        option::of(vec(arg().prop_filter("moves", |w| w != "moves"), 1..6)),
        vec(arg(), 0..6),
    )
        .prop_map(|(fen, moves)| Command::Position {
            start: fen.map_or(Start::StartPos, |f| Start::Fen(f.join(" "))),
            moves,
        });
    let go = (
        [
            option::of(any::<u64>()),
            option::of(any::<u64>()),
            option::of(any::<u64>()),
            option::of(any::<u64>()),
            option::of(any::<u64>()),
            option::of(any::<u64>()),
        ],
        option::of(any::<u32>()),
        any::<bool>(),
        any::<bool>(),
        vec(tok(), 0..4),
    )
        .prop_map(
            |([p1time, p2time, p1inc, p2inc, movetime, nodes], depth, infinite, ponder, sm)| {
                Command::Go(GoArgs {
                    p1time,
                    p2time,
                    p1inc,
                    p2inc,
                    movetime,
                    depth,
                    nodes,
                    infinite,
                    ponder,
                    searchmoves: sm,
                })
            },
        );
    let game = prop_oneof![
        prop_oneof![
            Just(Query::GameOver),
            Just(Query::P1Turn),
            Just(Query::Result)
        ]
        .prop_map(Command::Query),
        prop_oneof![
            Just(LegalWhat::Both),
            Just(LegalWhat::Steps),
            Just(LegalWhat::Turns)
        ]
        .prop_map(Command::Legal),
        arg().prop_map(Command::Play),
        arg().prop_map(Command::Expand),
        arg().prop_map(Command::Step),
        (0u32..=24).prop_map(Command::Perft),
    ];
    prop_oneof![plain, setoption, position, go, game]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn every_message_reads_back(m in message()) {
        let line = m.to_string();
        let back: Message = line.parse().map_err(|e| TestCaseError::fail(format!("{line:?}: {e}")))?;
        prop_assert_eq!(&back, &m, "{:?}", line);
        prop_assert_eq!(back.to_string(), line);
    }

    #[test]
    fn every_free_text_line_reads_back((m, within) in free_text()) {
        let line = m.to_string();
        let back = Message::parse_within(&line, within)
            .map_err(|e| TestCaseError::fail(format!("{line:?}: {e}")))?;
        prop_assert_eq!(&back, &m, "{:?}", line);
        prop_assert_eq!(back.to_string(), line);
    }

    #[test]
    fn every_refusal_reads_back(r in refusal()) {
        let text = r.to_string();
        let back: Refusal = text.parse().map_err(|e| TestCaseError::fail(format!("{text:?}: {e}")))?;
        prop_assert_eq!(&back, &r, "{:?}", text);
        prop_assert_eq!(back.to_string(), text.clone());
        // As the error line of a message too.
        let line = Message::Error(text.clone()).to_string();
        prop_assert_eq!(line.parse::<Message>().ok(), Some(Message::Error(text)));
    }

    #[test]
    fn every_command_reads_back(c in command()) {
        let line = c.to_string();
        let back: Command = line.parse().map_err(|e| TestCaseError::fail(format!("{line:?}: {e}")))?;
        prop_assert_eq!(&back, &c, "{:?}", line);
        prop_assert_eq!(back.to_string(), line);
    }

    /// Another engine's reader reads every report as the protocol's grammar does.
    #[test]
    fn every_report_reads_back_as_any_engines(r in info_report()) {
        let line = r.to_string();
        let back = InfoReport::read_any(&line)
            .map_err(|e| TestCaseError::fail(format!("{line:?}: {e}")))?;
        prop_assert_eq!(back, r, "{:?}", line);
    }

    /// Whatever comes, parsing answers a value or one error, and never panics.
    #[test]
    fn any_line_is_a_message_or_one_error(line in "[ -~]{0,60}") {
        for within in [Within::Lines, Within::Show, Within::Help] {
            if let Ok(m) = Message::parse_within(&line, within) {
                // Whatever is read is written back as it came.
                prop_assert_eq!(m.to_string(), line.clone());
            }
        }
    }

    /// A line cut anywhere, or with a token doubled, is never read as a different message.
    #[test]
    fn damaged_lines_are_refused_or_read_as_written(m in message(), cut in 0usize..200) {
        let line = m.to_string();
        let cut = line.char_indices().map(|(k, _)| k).nth(cut).unwrap_or(line.len());
        let short = &line[..cut];
        if let Ok(back) = short.parse::<Message>() {
            prop_assert_eq!(back.to_string(), short);
        }
    }
}
