//! Information measures and conflict minimisation for the deduction games' advice and
//! diagnostics: what a question is expected to teach (Shannon entropy, in bits), and which
//! few statements of a log are already contradictory.

/// The entropy in bits of the distribution proportional to `weights` (zero weights allowed;
/// an all-zero distribution has entropy 0).
///
/// ```
/// use umpire::solve::information::entropy;
/// assert_eq!(entropy(&[1.0, 1.0]), 1.0);
/// assert_eq!(entropy(&[3.0, 0.0]), 0.0);
/// ```
pub fn entropy(weights: &[f64]) -> f64 {
    let total: f64 = weights.iter().sum();
    if total <= 0.0 {
        return 0.0;
    }
    let bits: f64 =
        weights.iter().filter(|&&w| w > 0.0).map(|&w| -(w / total) * (w / total).log2()).sum();
    // A certain outcome sums to −0.0; say 0.
    if bits > 0.0 {
        bits
    } else {
        0.0
    }
}

/// The expected information, in bits, that observing an outcome gives about a hidden
/// quantity: H(before) − Σₒ P(o)·H(after o). Each outcome is its weight (proportional to
/// its probability) and the hidden quantity's weights given it; `before` is the prior.
/// The answer is never negative (up to rounding).
///
/// ```
/// use umpire::solve::information::expected_gain;
/// // A fair coin, and an outcome that reveals it: one bit.
/// let gain = expected_gain(&[1.0, 1.0], &[(1.0, vec![1.0, 0.0]), (1.0, vec![0.0, 1.0])]);
/// assert!((gain - 1.0).abs() < 1e-12);
/// ```
pub fn expected_gain(before: &[f64], outcomes: &[(f64, Vec<f64>)]) -> f64 {
    let total: f64 = outcomes.iter().map(|o| o.0).sum();
    if total <= 0.0 {
        return 0.0;
    }
    let after: f64 = outcomes.iter().map(|(w, dist)| w / total * entropy(dist)).sum();
    (entropy(before) - after).max(0.0)
}

/// A minimal subset of `0..n` (by deletion) for which `consistent` is false, given that it
/// is false for all of `0..n`: each member's removal makes the rest consistent. The statements
/// a player should look at first when a log contradicts itself.
pub fn minimal_conflict(n: usize, consistent: impl Fn(&[usize]) -> bool) -> Vec<usize> {
    let mut core: Vec<usize> = (0..n).collect();
    let mut i = 0;
    while i < core.len() {
        let mut without = core.clone();
        without.remove(i);
        if consistent(&without) {
            i += 1;
        } else {
            core = without;
        }
    }
    core
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entropy_of_a_uniform_choice_is_its_bits() {
        assert!((entropy(&[2.0; 8]) - 3.0).abs() < 1e-12);
        assert_eq!(entropy(&[]), 0.0);
    }

    #[test]
    fn an_outcome_independent_of_the_hidden_value_teaches_nothing() {
        let prior = [1.0, 3.0];
        let gain = expected_gain(&prior, &[(2.0, vec![1.0, 3.0]), (5.0, vec![2.0, 6.0])]);
        assert!(gain.abs() < 1e-12);
    }

    #[test]
    fn the_conflict_is_minimal() {
        // Statements 1 and 3 clash; 0 and 2 are innocent.
        let core = minimal_conflict(4, |s| !(s.contains(&1) && s.contains(&3)));
        assert_eq!(core, vec![1, 3]);
    }
}
