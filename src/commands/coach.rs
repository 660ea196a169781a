//! The coach (`umpire game hint`, the REPL's `hint`, the page's hint button): what a
//! player can claim now, each claim with umpire's derivation to argue it with, and the
//! plays their hand allows, ranked, each with its risks in plain words.

use crate::commands::cardgame::{board_form, Play};
use crate::commands::evidence::evidence;
use crate::commands::written::{written, WrittenDerivation};
use crate::commands::Front;
use crate::games::cardgame::computer::Thinking;
use crate::games::cardgame::deck::CardKind;
use crate::games::cardgame::judge::{Judge, Tri};
use crate::games::cardgame::state::{Game, GameError};
use crate::logic::board::CheckedBoard;
use crate::reason::{Decision, Question};
use serde::Serialize;

/// What the coach says to a player: what they can claim now (each with its evidence), and
/// the plays their hand allows, ranked, each with its risks in plain words.
#[derive(Serialize)]
pub struct Hint {
    pub player: String,
    pub claims: Vec<HintClaim>,
    pub plays: Vec<HintPlay>,
    /// Every play judged gives something away (or could not be judged in time).
    pub all_unsafe: bool,
    /// With the table's own cards and no cards told, the plays are not known.
    pub hand_unknown: bool,
    /// The board is inconsistent: claiming it wins, so no play is ranked.
    pub wins: bool,
}

#[derive(Serialize)]
pub struct HintClaim {
    /// `inconsistent` or `redundant K`, as the player would type it.
    pub claim: String,
    #[serde(serialize_with = "crate::commands::verdict_json::decision")]
    pub decision: Decision,
    /// umpire's proof as a derivation the player can argue the claim with.
    pub derivation: Option<WrittenDerivation>,
}

impl HintClaim {
    fn of(
        board: &CheckedBoard,
        claim: String,
        question: Question,
        decision: Decision,
        time: std::time::Duration,
    ) -> HintClaim {
        let derivation = written(&board.board.statements, question, &decision, time)
            .ok()
            .filter(|w| w.verdict == "proves");
        HintClaim { claim, decision, derivation }
    }
}

#[derive(Serialize)]
pub struct HintPlay {
    pub cards: Vec<String>,
    pub statement: String,
    pub target: Option<usize>,
    /// The play as a player types it (`game play` reads it as it stands).
    pub line: String,
    /// Empty when the play leaves the next player nothing to claim.
    pub risks: Vec<String>,
}

/// How many ranked plays the hint's text shows (the JSON has them all).
const HINT_PLAYS_SHOWN: usize = 8;

/// `game hint`: never changes the game. With the table's own cards, `told` is the cards
/// the player holds (without them, only the claims are given).
pub(crate) fn hint(
    game: &Game,
    player: usize,
    told: Option<&[CardKind]>,
    thinking: &Thinking,
) -> Result<Hint, GameError> {
    // Claims and plays come on one's own turn (G8), and none after the game is won: advice
    // for another moment would be advice for a board that will not be there.
    game.my_turn(player)?;
    let board = game.checked_board(&game.state.board)?;
    let mut judge = Judge::new(thinking.claim, thinking.max_size);
    let mut claims = Vec::new();
    if !game.state.board.is_empty() {
        let consistency = judge.decide(&board, Question::Consistency);
        match consistency {
            Some(d) if matches!(d.verdict, crate::reason::Verdict::Inconsistent { .. }) => {
                let decision = decide_with_steps(&board, Question::Consistency, thinking)?;
                claims.push(HintClaim::of(
                    &board,
                    "inconsistent".into(),
                    Question::Consistency,
                    decision,
                    thinking.claim,
                ));
            }
            _ => {
                for (i, entry) in game.state.board.iter().enumerate() {
                    if !entry.scored && judge.follows(&board, i + 1) == Tri::Yes {
                        let decision =
                            decide_with_steps(&board, Question::Follows(i + 1), thinking)?;
                        claims.push(HintClaim::of(
                            &board,
                            format!("redundant {}", i + 1),
                            Question::Follows(i + 1),
                            decision,
                            thinking.claim,
                        ));
                    }
                }
            }
        }
    }
    let wins = claims.iter().any(|c| c.claim == "inconsistent");
    if wins {
        // Claiming the inconsistency wins the game: no play is worth ranking.
        return Ok(Hint {
            player: game.settings.players[player].clone(),
            claims,
            plays: Vec::new(),
            all_unsafe: false,
            hand_unknown: false,
            wins,
        });
    }
    judge.per_question = thinking.per_question;
    judge.deadline = Some(std::time::Instant::now() + thinking.per_move);
    let next = &game.settings.players[(player + 1) % game.settings.players.len()];
    let hand = told.map(<[CardKind]>::to_vec).or_else(|| game.known_hand(player));
    let mut judged = hand.map(|h| game.judged_plays(player, &h, &mut judge)).unwrap_or_default();
    // Safe plays first (nothing for the next player), then by how much they give away.
    // A play that hands the next player the win comes after every play that hands over
    // points only (play-testing issue 56 found one ranked above them).
    judged.sort_by_key(|j| (j.outlook.inconsistent == Tri::Yes, j.risks(next).len()));
    let plays: Vec<HintPlay> = judged
        .iter()
        .map(|j| {
            let cards: Vec<String> = j.play.cards.iter().map(|c| c.short_name()).collect();
            // Shown as the board prints statements (an S card's text as the card spells it
            // would read differently from the same statement on the board and in the hand).
            let statement = board_form(&j.play.statement);
            HintPlay {
                line: Play::line(&cards, &statement, j.play.target),
                cards,
                statement,
                target: j.play.target,
                risks: j.risks(next),
            }
        })
        .collect();
    let hand_unknown = told.is_none() && game.known_hand(player).is_none();
    let all_unsafe = !hand_unknown && plays.iter().all(|p| !p.risks.is_empty());
    Ok(Hint {
        player: game.settings.players[player].clone(),
        claims,
        plays,
        all_unsafe,
        hand_unknown,
        wins,
    })
}

/// A claim's decision with its proof steps, as a claim at the table would show it.
fn decide_with_steps(
    board: &crate::logic::board::CheckedBoard,
    question: Question,
    thinking: &Thinking,
) -> Result<Decision, GameError> {
    let limits = crate::reason::finite::Limits {
        max_size: thinking.max_size,
        budget: crate::solve::Budget::time(thinking.claim),
    };
    Ok(crate::reason::decide_with(
        board,
        question,
        &limits,
        crate::reason::Options { steps: true },
        &mut |_| {},
    )?)
}

impl Hint {
    /// The hint as `front` shows it: each play in the form `game play` reads.
    pub fn text(&self, brief: bool, front: Front) -> String {
        let mut out = String::new();
        if self.claims.is_empty() {
            out.push_str(&format!("{} can claim nothing now.\n", self.player));
        }
        for c in &self.claims {
            out.push_str(&format!(
                "{} can claim `{}`: {}\n",
                self.player, c.claim, c.decision.explanation
            ));
            match (&c.derivation, brief) {
                (_, true) => {}
                (Some(w), false) => {
                    out.push_str(&format!(
                        "  a derivation to argue it with ({}):\n{}",
                        w.length(),
                        w.body("    ")
                    ));
                }
                (None, false) => out.push_str(&evidence(&c.decision)),
            }
        }
        if self.wins {
            out.push_str("Claim it: that wins the game.\n");
            return out;
        }
        if self.hand_unknown {
            out.push_str(match front {
                Front::CommandLine => "The table plays its own cards: name yours (`--cards …`) to have your plays ranked.\n",
                Front::Repl => "The table plays its own cards: name yours (`game hint P:blonde,X:¬`) to have your plays ranked.\n",
                Front::Page => "The table plays its own cards: name yours to have your plays ranked.\n",
            });
            return out;
        }
        if self.plays.is_empty() {
            out.push_str("The hand allows no play: pass.\n");
            return out;
        }
        if self.all_unsafe {
            out.push_str(
                "Every play the hand allows gives something away: passing is safest.
",
            );
        }
        out.push_str("Plays, safest first:\n");
        for (i, p) in self.plays.iter().enumerate().take(HINT_PLAYS_SHOWN) {
            out.push_str(&format!("{:>3}. {}\n", i + 1, p.line));
            if p.risks.is_empty() {
                out.push_str("     safe: the next player has nothing to claim\n");
            }
            for r in &p.risks {
                out.push_str(&format!("     risk: {r}\n"));
            }
        }
        if self.plays.len() > HINT_PLAYS_SHOWN {
            let more = self.plays.len() - HINT_PLAYS_SHOWN;
            out.push_str(&match front {
                Front::CommandLine => format!(
                    "  … and {more} more, less safe (`game hint --json` lists them all)\n"
                ),
                Front::Repl => format!(
                    "  … and {more} more, less safe (`umpire game hint FILE --json` lists them all)\n"
                ),
                Front::Page => format!("  … and {more} more, less safe\n"),
            });
        }
        out
    }
}
