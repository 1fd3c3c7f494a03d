//! The growing-filters view's sentence on a missed target: why the scalable filter measured
//! above p at the end of its run.

use crate::decimal::Shortest;
use crate::filter::growing::GrowParams;
use crate::state::grow_view::OverP;
use crate::state::numbers::{grouped, percent, percent_beside};

use super::{fill, then, Text};

/// The note on a scalable rate measured above p: the measurement and its 95 % interval,
/// the rates with independent positions and with double hashing's excess, and the room
/// `p − p·(1 − r^S)` that r leaves under p; and, when the interval reaches down to p, that
/// this one measurement could be chance.
pub fn grow_miss(text: &Text, params: &GrowParams, note: &OverP) -> String {
    let p = params.p;
    let (low, high) = note.interval;
    let sentence = fill(
        text.grow_over_p,
        &[
            &percent_beside(note.measured, p),
            &percent(p),
            &percent_beside(note.independent, p),
            &percent_beside(note.predicted, p),
            &Shortest(params.r),
            &percent(note.room),
            &percent(low),
            &percent(high),
            &grouped(note.probes),
        ],
    );
    if note.could_be_chance {
        let chance = fill(
            text.grow_over_p_chance,
            &[&percent_beside(note.predicted, p)],
        );
        then(&sentence, &chance)
    } else {
        sentence
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::filter::growing::GrowJob;
    use crate::filter::growing::GrowingRun;
    use crate::filter::HashFamily;
    use crate::state::grow_view::over_p;

    /// The view's sentence after a whole run of `job`, or while it runs (`done` false).
    fn sentence_after(job: GrowJob, done: bool) -> (Option<String>, f64) {
        let plan = job.plan(HashFamily::Murmur3).unwrap();
        let mut run = GrowingRun::new(plan.clone());
        while !run.run_slice(1 << 16) {}
        let last = *run.points().last().unwrap();
        let note = over_p(&plan, &last, &run.slices(), done);
        let words = note.map(|note| grow_miss(&crate::i18n::EN, plan.params(), &note));
        (words, last.scalable.rate())
    }

    #[test]
    fn the_miss_is_explained_exactly_when_the_scalable_rate_ends_above_p() {
        let default = GrowJob::default();
        let mut missed = 0;
        for (r, m0) in [
            (0.5, 2000),
            (0.9, 2000),
            (0.5, 1024),
            (0.7, 4096),
            (0.9, 1024),
        ] {
            let job = GrowJob { r, m0, ..default };
            let (words, rate) = sentence_after(job, true);
            assert_eq!(words.is_some(), rate > job.p, "r = {r}, m0 = {m0}: {rate}");
            if let Some(words) = words {
                missed += 1;
                assert!(
                    words.starts_with("(c) misses its target: measured"),
                    "{words}"
                );
                assert!(words.contains("above p = 1.00\u{a0}%"), "{words}");
                assert!(words.contains(&format!("With r = {r} the bound leaves only")));
            }
            assert_eq!(
                sentence_after(job, false).0,
                None,
                "not before the run ends"
            );
        }
        // The default run misses (so its sentence is on screen), r = 0.9 does not.
        assert!(sentence_after(default, true).0.is_some());
        assert!(sentence_after(GrowJob { r: 0.9, ..default }, true)
            .0
            .is_none());
        assert!(missed < 5);
    }
}
