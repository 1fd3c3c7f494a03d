//! The page's wording of errors, problems and notices that the model reports as values.

use crate::filter::growing::GrowError;
use crate::filter::ParamError;
use crate::state::fields::FieldProblem;
use crate::state::numbers::grouped;
use crate::state::url::{Notice, NoticeReason};

use super::{fill, quoted, Text};
use crate::decimal::Shortest;
use crate::lang::Lang;

/// Why a typed number was rejected, in the page's language.
pub fn problem(text: &Text, problem: &FieldProblem) -> String {
    match problem {
        FieldProblem::Empty => text.problem_empty.to_owned(),
        FieldProblem::NotANumber => text.problem_not_a_number.to_owned(),
        FieldProblem::NotWhole => text.problem_not_whole.to_owned(),
        FieldProblem::Negative => text.problem_negative.to_owned(),
        FieldProblem::TooLarge => text.problem_too_large.to_owned(),
        FieldProblem::AboveMax(max) => fill(text.problem_above_max, &[max]),
        FieldProblem::BelowMin(min) => fill(text.problem_below_min, &[min]),
        FieldProblem::NotAFraction => text.problem_not_a_fraction.to_owned(),
        FieldProblem::Invalid(e) => param_error(text, e),
        FieldProblem::TooLong(max) => fill(text.problem_too_long, &[max]),
        FieldProblem::LineTooLong(line, max) => fill(text.problem_line_too_long, &[line, max]),
        FieldProblem::TooManyLines(max) => fill(text.problem_too_many_lines, &[max]),
    }
}

/// Why a parameter is not allowed, in the page's language.
pub fn param_error(text: &Text, error: &ParamError) -> String {
    match *error {
        ParamError::ZeroBits => text.param_zero_bits.to_owned(),
        ParamError::TooManyBits { requested, max } => {
            fill(text.param_too_many_bits, &[&requested, &max])
        }
        ParamError::ZeroHashes => text.param_zero_hashes.to_owned(),
        ParamError::TooManyHashes { requested, max } => {
            fill(text.param_too_many_hashes, &[&requested, &max])
        }
        ParamError::FamilyHashes { requested, max } => {
            fill(text.param_family_hashes, &[&requested, &max])
        }
        ParamError::FewerBitsThanHashes { m, k } => {
            fill(text.param_fewer_bits_than_hashes, &[&m, &k])
        }
        ParamError::NotWholeBlocks { m, block } => fill(text.param_not_whole_blocks, &[&m, &block]),
        ParamError::BlockedNeedsPair => text.param_blocked_needs_pair.to_owned(),
        ParamError::SplitBlockHashes { requested } => {
            fill(text.param_split_block_hashes, &[&requested])
        }
        ParamError::BadCounterWidth { requested } => fill(text.param_bad_width, &[&requested]),
        ParamError::RateOutOfRange { requested } => fill(text.param_rate, &[&Shortest(requested)]),
        ParamError::ZeroItems => text.param_zero_items.to_owned(),
        ParamError::ZeroProbes => text.param_zero_probes.to_owned(),
        ParamError::TooFewFilters => text.param_too_few_filters.to_owned(),
        ParamError::NoWorkers => text.param_no_workers.to_owned(),
        ParamError::BadCheckpoints => text.param_checkpoints.to_owned(),
        ParamError::NotFinite => text.param_not_finite.to_owned(),
        ParamError::TooSmallForRate => text.param_too_small_for_rate.to_owned(),
    }
}

/// Why a URL parameter was ignored, in the page's language.
pub fn notice_reason(text: &Text, reason: &NoticeReason) -> String {
    match reason {
        NoticeReason::Problem(p) => problem(text, p),
        NoticeReason::Param(e) => param_error(text, e),
        NoticeReason::Unknown => text.notice_unknown.to_owned(),
        NoticeReason::Choices(choices) => fill(text.notice_choices, &[choices]),
        NoticeReason::AtMost(max) => fill(text.notice_at_most, &[max]),
        NoticeReason::RemoveAbsent => text.notice_remove_absent.to_owned(),
        NoticeReason::RemoveFalsePositive => text.notice_remove_false_positive.to_owned(),
        NoticeReason::RemovePlain => text.notice_remove_plain.to_owned(),
        NoticeReason::NotApplied => text.notice_not_applied.to_owned(),
        NoticeReason::EmptyItem => text.notice_empty_item.to_owned(),
        NoticeReason::NeedsLesson => text.notice_needs_lesson.to_owned(),
        NoticeReason::BesideLesson => text.notice_beside_lesson.to_owned(),
        NoticeReason::Repeated => text.notice_repeated.to_owned(),
        NoticeReason::UnknownLesson => text.notice_unknown_lesson.to_owned(),
        NoticeReason::StepOutOfRange(count) => fill(text.notice_step_range, &[count]),
        NoticeReason::BadLesson(problem) => fill(text.notice_bad_lesson, &[problem]),
        NoticeReason::LanguageFile(problem) => fill(text.notice_language, &[problem]),
        NoticeReason::GrowPlan(error) => grow_error(text, error),
    }
}

/// Why growing-filter values cannot run together, in the page's language.
pub fn grow_error(text: &Text, error: &GrowError) -> String {
    match error {
        GrowError::Param(e) => param_error(text, e),
        GrowError::TooMuchMemory { max, .. } => fill(text.grow_too_much_memory, &[&grouped(*max)]),
        // The fields refuse the rest one by one.
        _ => text.problem_too_large.to_owned(),
    }
}

/// A whole notice line, in the page's language.
pub fn notice(text: &Text, notice: &Notice) -> String {
    // A lesson file is not a URL parameter: its notice names the file.
    if let NoticeReason::BadLesson(problem) = &notice.reason {
        return fill(text.notice_lesson_file, &[&notice.value, problem]);
    }
    // Growing-filter values refused together are named together.
    if let NoticeReason::GrowPlan(error) = &notice.reason {
        return fill(
            text.notice_grow_plan,
            &[&notice.value, &grow_error(text, error)],
        );
    }
    // Nor is a language file: its notice names the language (the problem names the file).
    if let NoticeReason::LanguageFile(problem) = &notice.reason {
        let name = Lang::from_key(&notice.value).map_or("?", Lang::name);
        return fill(text.notice_language_file, &[&name, problem]);
    }
    fill(
        text.notice_line,
        &[
            &notice.param,
            &quoted(&notice.value),
            &notice_reason(text, &notice.reason),
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::EN;
    use crate::lang::Lang;
    use crate::state::url::parse;

    #[test]
    fn english_wording_names_the_values() {
        let e = ParamError::TooManyBits {
            requested: 5,
            max: 4,
        };
        assert_eq!(
            param_error(&EN, &e),
            "m = 5 is above the memory cap of 4 bits"
        );
        let url = parse("step=3");
        assert_eq!(
            notice_reason(&EN, &url.notices[0].reason),
            "it needs lesson= to say which lesson"
        );
        assert_eq!(
            problem(&EN, &FieldProblem::AboveMax(64)),
            "too large: at most 64"
        );
    }

    #[test]
    fn every_language_words_every_notice() {
        crate::i18n::install_bundled();
        let url = parse("m=abc&k=0&hash=md5&fold=9&zz=1&lang=xx&width=0");
        assert!(url.notices.len() >= 6);
        for lang in Lang::ALL {
            for n in &url.notices {
                let line = notice(lang.text(), n);
                assert!(line.contains(&n.param), "{lang:?}: {line}");
                assert!(!line.contains('{'), "{lang:?}: unfilled template in {line}");
            }
        }
    }
}
