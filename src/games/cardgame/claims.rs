//! Claims in the scoring phase: deciding one when it is made, with
//! [`crate::reason::arbiter`], and deciding a recorded one again when a save is loaded
//! (ruling G12), so that an edited outcome is refused. What an upheld claim scores is a rule
//! of the event, applied in [`game`](super::game).

use super::state::{Argument, Claim, ClaimBudget, Event, Game, GameError};
use crate::logic::cnf::premises_of;
use crate::logic::derivation::Derivation;
use crate::reason::derivation::{judge, Argued, Judged};
use crate::reason::finite::Limits;
use crate::reason::{decide_with, Decision, Options, Question, Verdict};
use crate::solve::Budget;
use std::time::Duration;

/// A claim's derivation as read, and as judged.
pub type JudgedArgument = (Derivation, Judged);

impl Game {
    /// A claim in the scoring phase, decided now (with proof steps, since the table will
    /// read them). Returns the event recorded and the decision, with its evidence.
    pub fn claim(
        &mut self,
        player: usize,
        claim: Claim,
        limits: &Limits,
    ) -> Result<(Event, Decision), GameError> {
        self.claim_arguing(player, claim, limits, None)
            .map(|(event, decision, _)| (event, decision))
    }

    /// A claim with the derivation its player argues (`text`, each step judged within
    /// `step`): the claim is decided by the arbiter as ever (ruling G8); the derivation is
    /// judged line by line and kept in the event, and on a table that requires derivations
    /// only one that proves the claim lets it score (ruling G20). Returns the derivation
    /// and its judgment too, for the table to read.
    pub fn claim_arguing(
        &mut self,
        player: usize,
        claim: Claim,
        limits: &Limits,
        argument: Option<(&str, Duration)>,
    ) -> Result<(Event, Decision, Option<JudgedArgument>), GameError> {
        self.my_turn(player)?;
        let question = self.question(claim)?;
        if self.settings.derivations_required && argument.is_none() {
            return Err(GameError::DerivationRequired);
        }
        let board = self.checked_board(&self.state.board)?;
        let argued = match argument {
            Some((text, step)) => {
                let judged =
                    judge_argument(&board.board.statements, claim, text, step, limits.max_size)?;
                Some((text.to_string(), step, judged))
            }
            None => None,
        };
        let budget = ClaimBudget::of(limits);
        let decision = decide_with(&board, question, limits, Options { steps: true }, &mut |_| {})?;
        let upheld =
            matches!(decision.verdict, Verdict::Redundant { .. } | Verdict::Inconsistent { .. });
        let model = decision.verdict.model().map(|m| m.structure.clone());
        let infinite_model = decision.verdict.infinite_model().map(|m| m.describe());
        let saturation = decision.verdict.saturation().map(|s| s.saturation.clauses.len());
        let derivation = argued.as_ref().map(|(text, step, (_, judged))| Argument {
            text: text.clone(),
            verdict: judged.overall.name().to_string(),
            gaps: judged.lines.iter().filter(|l| !l.is_ok()).map(|l| l.line).collect(),
            step_ms: step.as_millis().min(u64::MAX as u128) as u64,
        });
        let event = Event::Claim {
            player,
            claim,
            upheld,
            verdict: decision.explanation.clone(),
            budget: Some(budget),
            model,
            infinite_model,
            saturation,
            derivation,
        };
        self.apply(event.clone())?;
        Ok((event, decision, argued.map(|(_, _, judged)| judged)))
    }

    /// Decides a recorded claim again, on the board as it stood (ruling G12): an upheld
    /// claim must be proved again within its budget (doubled, for a slower machine, and
    /// capped at [`ClaimBudget::REPLAY_CEILING`], so an edited budget cannot hang a load); a claim
    /// refuted by a model must have that model satisfy what it says, and one refuted by an
    /// infinite model or a saturation is decided again and must be refuted again. A claim that was not
    /// upheld and carries no model (its budget ran out) awarded nothing: it is refused if a
    /// short search now upholds it (an edited record). In every case the verdict's words must
    /// name the recorded outcome (`redundant`, `not redundant`, `unknown`, …).
    pub(super) fn verify(&self, event: &Event) -> Result<(), String> {
        let Event::Claim {
            claim,
            upheld,
            verdict,
            budget,
            model,
            infinite_model,
            saturation,
            derivation,
            ..
        } = event
        else {
            return Ok(());
        };
        let question = self.question(*claim).map_err(|e| e.to_string())?;
        // The verdict's words must say what the record's outcome is: an edit of one without
        // the other is refused before anything is decided again.
        let refuted = model.is_some() || infinite_model.is_some() || saturation.is_some();
        let said = match (*upheld, refuted, question) {
            (true, _, Question::Follows(_)) => "redundant",
            (true, _, Question::Consistency) => "inconsistent",
            (false, true, Question::Follows(_)) => "not redundant",
            (false, true, Question::Consistency) => "consistent",
            (false, false, _) => "unknown",
        };
        if !verdict.starts_with(&format!("{said}:")) {
            let outcome = match (*upheld, refuted) {
                (true, _) => "upheld",
                (false, true) => "refuted",
                (false, false) => "undecided",
            };
            return Err(format!(
                "it is recorded as {outcome}, so its verdict should say `{said}`, but it says: {verdict}"
            ));
        }
        let board = self.checked_board(&self.state.board).map_err(|e| e.to_string())?;
        // Decided again within the claim's budget, doubled for a slower machine, and never
        // past what a load allows.
        let replay = ClaimBudget::for_replay(*budget);
        let decide_again = || {
            let limits = Limits {
                max_size: replay.max_size,
                budget: Budget::time(Duration::from_millis(replay.timeout_ms)),
            };
            crate::reason::decide(&board, question, &limits, &mut |_| {}).map_err(|e| e.to_string())
        };
        if *upheld {
            let decision = decide_again()?;
            let cut = budget.is_some_and(|b| {
                b.timeout_ms.saturating_mul(2) > replay.timeout_ms || b.max_size > replay.max_size
            });
            if cut && matches!(decision.verdict, Verdict::Unknown { .. }) {
                return Err(format!(
                    "it is recorded as upheld within a budget larger than a load allows \
                     ({} s and {} objects at most), and within that it cannot be decided again: {}",
                    ClaimBudget::REPLAY_CEILING.timeout_ms / 1000,
                    ClaimBudget::REPLAY_CEILING.max_size,
                    decision.explanation
                ));
            }
            if !matches!(decision.verdict, Verdict::Redundant { .. } | Verdict::Inconsistent { .. })
            {
                return Err(format!(
                    "it is recorded as upheld, but deciding it again gives: {}",
                    decision.explanation
                ));
            }
        } else if let Some(lines) = infinite_model {
            // Decided again: a model must refute the claim again (the infinite engine finds the
            // recorded one; on a board that also has a large finite model, the finite search
            // may answer first, which refutes the claim as well).
            let decision = decide_again()?;
            match (decision.verdict.infinite_model(), decision.verdict.model()) {
                (Some(m), _) if m.describe() == *lines => {}
                (None, Some(_)) => {}
                _ => return Err(format!("it is recorded as refuted by an infinite model, but deciding it again gives: {}", decision.explanation)),
            }
        } else if saturation.is_some() {
            // Decided again: no contradiction, shown by a saturation or (if the search now
            // finds one) a model.
            let decision = decide_again()?;
            if decision.verdict.witness().is_none() {
                return Err(format!(
                    "it is recorded as refuted by a saturation, but deciding it again gives: {}",
                    decision.explanation
                ));
            }
        } else if let Some(structure) = model {
            let negate = match question {
                Question::Follows(k) => Some(k),
                Question::Consistency => None,
            };
            for p in premises_of(&board, negate) {
                if !structure.satisfies_premise(&p).unwrap_or(false) {
                    let what = if p.negated {
                        format!("the negation of ({})", p.index)
                    } else {
                        format!("({})", p.index)
                    };
                    return Err(format!("it is recorded as refuted by a model, but {what} does not hold in that model"));
                }
            }
        } else {
            // Not upheld and nothing refuted it: the budget ran out (its verdict says
            // `unknown`, checked above). One that a short search now upholds would take a
            // point away from its player.
            let limits = Limits {
                max_size: replay.max_size,
                budget: Budget::time(
                    RECHECK_UNSETTLED.min(Duration::from_millis(replay.timeout_ms)),
                ),
            };
            let decision = crate::reason::decide(&board, question, &limits, &mut |_| {})
                .map_err(|e| e.to_string())?;
            if matches!(decision.verdict, Verdict::Redundant { .. } | Verdict::Inconsistent { .. })
            {
                return Err(format!(
                    "it is recorded as not upheld, but deciding it again upholds it: {}",
                    decision.explanation
                ));
            }
        }
        if let Some(argument) = derivation {
            let step = Duration::from_millis(
                argument.step_ms.saturating_mul(2).min(ClaimBudget::REPLAY_CEILING.timeout_ms),
            );
            let statements = &board.board.statements;
            let (_, judged) =
                judge_argument(statements, *claim, &argument.text, step, replay.max_size)
                    .map_err(|e| e.to_string())?;
            if judged.overall.name() != argument.verdict {
                return Err(format!(
                    "its derivation is recorded as `{}`, but judging it again gives `{}`",
                    argument.verdict,
                    judged.overall.name()
                ));
            }
        }
        Ok(())
    }
}

/// Reads a derivation argued for `claim` and judges it against the board's `statements`,
/// each step within `step` and `max_size` objects.
fn judge_argument(
    statements: &[crate::logic::ast::Statement],
    claim: Claim,
    text: &str,
    step: Duration,
    max_size: usize,
) -> Result<(Derivation, Judged), GameError> {
    let d = crate::logic::derivation::read_against("derivation", text, statements)
        .map_err(|report| GameError::Derivation(report.render_plain()))?;
    let argued = match claim {
        Claim::Redundant { statement } => Argued::Redundant(statement),
        Claim::Inconsistent => Argued::Inconsistent,
    };
    let limits = || Limits { max_size, budget: Budget::time(step) };
    let judged = judge(&d, statements, Some(argued), &limits, &mut |_, _| {});
    Ok((d, judged))
}

/// How long a load spends deciding again a claim that was recorded as not upheld because
/// its budget ran out: long enough to catch a claim edited from upheld (which is quick to
/// prove again), short enough that a save full of hard claims still loads at once.
const RECHECK_UNSETTLED: Duration = Duration::from_secs(1);
