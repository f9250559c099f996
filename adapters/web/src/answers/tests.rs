use super::*;
use guerrilla::protocol::codec::{Command, LegalWhat};
use guerrilla::protocol::output::Captured;
use guerrilla::protocol::{Output, Protocol};
use serde_json::json;

fn lines(text: &[&str]) -> Vec<String> {
    text.iter().map(|s| s.to_string()).collect()
}

fn to_json(v: impl Serialize) -> String {
    serde_json::to_string(&v).unwrap()
}

#[test]
fn a_stepped_answer_reports_its_step_and_auto_steps_with_their_removals() {
    let st = stepped(&lines(&[
        "stepped endgroup auto endmove d1xe2 turn b1-d1,d1xe2 removed a1:split - e2:killed",
    ]))
    .unwrap();
    assert_eq!(st.turn.as_deref(), Some("b1-d1,d1xe2"));
    assert_eq!(
        to_json(Report::from(&st)),
        r#"{"steps":["endgroup","endmove","d1xe2"],"removed":[[{"place":"a1","why":"split"}],[],[{"place":"e2","why":"killed"}]],"over":null}"#
    );
    let st = stepped(&lines(&[
        "stepped B2 auto B3 turn B2B3 removed - a1:surrounded over p1win no-checkers",
    ]))
    .unwrap();
    assert_eq!(
        to_json(Report::from(&st)),
        r#"{"steps":["B2","B3"],"removed":[[],[{"place":"a1","why":"surrounded"}]],"over":{"result":"p1win","reason":"no-checkers","scores":null}}"#
    );
    assert_eq!(over_text(st.over.as_ref().unwrap()), "p1win no-checkers");
    assert!(stepped(&lines(&["stepped a b"])).is_none());
    assert!(stepped(&lines(&["played x"])).is_none());
}

#[test]
fn a_played_answer_reports_every_step_and_the_game_end_with_its_scores() {
    let p = played(&lines(&[
        "played pass,e3xd3 steps pass e3xd3 removed - d3:massacred over p2win two-passes 13-15",
    ]))
    .unwrap();
    assert_eq!(p.turn, "pass,e3xd3");
    assert_eq!(
        to_json(Report::from(p)),
        r#"{"steps":["pass","e3xd3"],"removed":[[],[{"place":"d3","why":"massacred"}]],"over":{"result":"p2win","reason":"two-passes","scores":"13-15"}}"#
    );
    assert!(played(&lines(&["expanded c3xd4xe5 steps c3xd4 d4xe5"])).is_none());
}

fn report(score: Score, multipv: Option<u32>, wdl: Option<[u32; 3]>) -> String {
    let r = InfoReport {
        depth: 2,
        multipv,
        nodes: 1000,
        time: 41,
        nps: 24390,
        score,
        wdl,
        visits: None,
        pv: vec!["c5xe7".into(), "D4D5".into()],
    };
    Message::Info(r).to_string()
}

#[test]
fn info_fields_and_pv() {
    let v = read_info(&report(Score::Expected(0.112), None, None)).unwrap();
    assert_eq!(v.score, Some(0.112));
    assert_eq!(v.pv, vec!["c5xe7", "D4D5"]);
    assert!(read_info(&Message::InfoString("hello".into()).to_string()).is_none());
    let v = read_info(&report(Score::WinIn(1), None, None)).unwrap();
    assert_eq!(v.proven.as_deref(), Some("win"));
    assert_eq!((v.proven_in, v.score), (Some(1), None));
    let v = read_info(&report(Score::Expected(-0.5), Some(2), Some([200, 0, 800]))).unwrap();
    assert_eq!((v.multipv, v.wdl), (Some(2), Some([200, 0, 800])));
}

#[test]
fn about_gives_the_pages_face_of_a_game_and_refuses_a_bad_line() {
    let o = [OptionDecl::spin("BoardSide", 8, 4, 12)];
    let about = lines(&[
        "about game g",
        "title A Game",
        "side p1 Left Side",
        "side p2 Right",
        "piece X none red single massacre token",
        "options BoardSide",
        "field hand count stones in hand",
        "reason two-passes two passes in a row",
        "removal massacred X massacred",
        "removal killed - killed",
        "step endgroup end group",
        "help phase move+moving Jump again, or stop.",
        "help removal massacred A token stays.",
        "tour One.",
        "about end",
    ]);
    let face = read_about("g", &about, &o).unwrap();
    assert_eq!(
        to_json(&face),
        concat!(
            r#"{"name":"g","title":"A Game","sides":["Left Side","Right"],"#,
            r#""pieces":[{"char":"X","owner":"none","colour":"red","grouped":false,"noun":"massacre token"}],"#,
            r#""options":[{"name":"BoardSide","default":8,"min":4,"max":12}],"#,
            r#""fields":[{"name":"hand","kind":"count","label":"stones in hand"}],"#,
            r#""reasons":[{"word":"two-passes","label":"two passes in a row"}],"#,
            r#""removals":[{"word":"massacred","leaves":"X","label":"massacred"},{"word":"killed","leaves":null,"label":"killed"}],"#,
            r#""steps":[{"word":"endgroup","label":"end group"}],"#,
            r#""help":[{"kind":"phase","word":"move","while_set":"moving","text":"Jump again, or stop."},"#,
            r#"{"kind":"removal","word":"massacred","while_set":null,"text":"A token stays."}],"#,
            r#""tour":["One."]}"#
        )
    );
    assert!(read_about("h", &about, &o).is_err());
    assert!(
        read_about("g", &about, &[]).is_err(),
        "BoardSide is no ugi option"
    );
    assert!(read_about("g", &about[..14], &o).is_err());
    let mut bad = about.clone();
    bad[12] = "help phase move+ Jump.".into();
    let e = read_about("g", &bad, &o).unwrap_err();
    assert!(e.contains("'help phase move+ Jump.'"), "{e}");
}

#[test]
fn geometry_is_read_to_its_end_and_its_counts_are_checked() {
    let geo = lines(&[
        "geometry game g points 2 squares 0",
        "point a1 0 0 play b1",
        "point b1 1 0.5 edge a1",
        "geometry end",
    ]);
    assert_eq!(
        to_json(read_geometry(&geo).unwrap()),
        concat!(
            r#"{"game":"g","points":[{"name":"a1","x":0.0,"y":0.0,"role":"play","neighbours":["b1"]},"#,
            r#"{"name":"b1","x":1.0,"y":0.5,"role":"edge","neighbours":["a1"]}],"squares":[]}"#
        )
    );
    assert!(read_geometry(&geo[..3]).is_err());
    let mut bad = geo.clone();
    bad[0] = "geometry game g points 3 squares 0".into();
    assert!(read_geometry(&bad).is_err());
    bad[0] = "point a1 0 0 play b1".into();
    assert!(read_geometry(&bad).is_err());
}

#[test]
fn nothing_described_is_an_empty_object() {
    let d = Described::default();
    assert_eq!(to_json(&d), "{}");
    assert_eq!(
        (d.to_move(), d.turn_start(), d.over()),
        (None, false, false)
    );
}

/// The engine library's protocol loop in this process: what it writes to each request.
struct Engine {
    protocol: Protocol,
    out: Captured,
    read: usize,
}

impl Engine {
    fn new() -> Engine {
        let out = Captured::default();
        let protocol = Protocol::new(Output::new(out.clone()), false).unwrap();
        Engine {
            protocol,
            out,
            read: 0,
        }
    }

    fn ask(&mut self, cmds: &[Command]) -> Vec<String> {
        for c in cmds {
            assert!(self.protocol.handle(&c.to_string()));
        }
        let text = self.out.text();
        let new = text[self.read..].lines().map(String::from).collect();
        self.read = text.len();
        new
    }
}

/// The golden JSON of [`the_page_reads_the_engines_answers_as_the_golden_file_keeps_them`].
const GOLDEN: &str = "tests/data/answers.jsonl";

/// For each game: the page's JSON of `about`, `geometry` and `describe`, and of the `stepped`
/// and `played` answers of a game played by always taking the first legal step, kept where a
/// step removes a piece for the first time and where the game ends. A change of the engine's
/// words or boards changes this file: `GUERRILLA_WEB_BLESS=1` writes it anew, for review.
#[test]
fn the_page_reads_the_engines_answers_as_the_golden_file_keeps_them() {
    let mut e = Engine::new();
    let options: Vec<OptionDecl> = e
        .ask(&[Command::Ugi])
        .iter()
        .filter_map(|l| match l.parse() {
            Ok(Message::Option(o)) => Some(o),
            _ => None,
        })
        .collect();
    let games = options
        .iter()
        .find_map(|o| match &o.kind {
            OptionKind::Combo { vars, .. } if o.name == "Game" => Some(vars.clone()),
            _ => None,
        })
        .unwrap();
    let mut out = Vec::new();
    for game in games {
        let set = Command::SetOption {
            name: "Game".into(),
            value: Some(game.clone()),
        };
        e.ask(&[set, Command::UgiNewGame]);
        let about = e.ask(&[Command::About]);
        out.push(to_json(read_about(&game, &about, &options).unwrap()));
        out.push(to_json(
            read_geometry(&e.ask(&[Command::Geometry])).unwrap(),
        ));
        let mut removed_once = false;
        for n in 0.. {
            assert!(n < 1000, "{game} goes on past 1000 steps");
            let described = match e.ask(&[Command::Describe])[0].parse() {
                Ok(Message::Describe(d)) => Described::of(d),
                other => panic!("expected a describe line but got {other:?}"),
            };
            if n == 0 || described.over() {
                out.push(to_json(&described));
            }
            if described.over() {
                break;
            }
            let first = match e.ask(&[Command::Legal(LegalWhat::Steps)])[0].parse() {
                Ok(Message::Steps(steps)) => steps[0].clone(),
                other => panic!("expected a steps line but got {other:?}"),
            };
            let st = stepped(&e.ask(&[Command::Step(first)])).unwrap();
            let report = Report::from(&st);
            let removes = report.steps.iter().any(|d| !d.removed.is_empty());
            let keep = (removes && !removed_once) || st.over.is_some();
            removed_once |= removes;
            if keep {
                let auto: Vec<&str> = st.auto.iter().map(|a| a.step.as_str()).collect();
                let page =
                    json!({"step": st.step.step, "auto": auto, "turn": st.turn, "report": report});
                out.push(to_json(page));
            }
            if let (true, Some(turn)) = (keep, st.turn) {
                let answer = e.ask(&[Command::Undo, Command::Play(turn)]);
                let p = played(&answer).unwrap();
                out.push(to_json(
                    json!({"turn": p.turn.clone(), "report": Report::from(p)}),
                ));
            }
        }
    }
    let text = out.join("\n") + "\n";
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(GOLDEN);
    if std::env::var_os("GUERRILLA_WEB_BLESS").is_some() {
        std::fs::write(&path, &text).unwrap();
    }
    let kept = std::fs::read_to_string(&path).unwrap_or_default();
    for (k, (got, want)) in text.lines().zip(kept.lines()).enumerate() {
        assert_eq!(got, want, "line {} of {GOLDEN}", k + 1);
    }
    assert_eq!(
        text.lines().count(),
        kept.lines().count(),
        "lines of {GOLDEN}"
    );
}
