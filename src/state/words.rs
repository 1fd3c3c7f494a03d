//! A short word list for "add random words" demos.

use crate::filter::experiment::splitmix64;

/// Common, short English words that read well on a projector.
pub const WORDS: &[&str] = &[
    "apple", "banana", "cherry", "grape", "lemon", "mango", "melon", "peach", "pear", "plum",
    "kiwi", "lime", "fig", "date", "olive", "onion", "carrot", "potato", "tomato", "pepper",
    "bread", "butter", "cheese", "honey", "rice", "salt", "sugar", "tea", "coffee", "milk", "cat",
    "dog", "horse", "mouse", "tiger", "lion", "zebra", "panda", "koala", "otter", "eagle", "robin",
    "swan", "owl", "crow", "duck", "goose", "shark", "whale", "seal", "red", "orange", "yellow",
    "green", "blue", "indigo", "violet", "black", "white", "grey", "river", "ocean", "forest",
    "desert", "island", "valley", "mountain", "meadow", "canyon", "glacier", "north", "south",
    "east", "west", "spring", "summer", "autumn", "winter", "morning", "evening", "table", "chair",
    "lamp", "window", "door", "clock", "mirror", "pencil", "paper", "book", "piano", "violin",
    "guitar", "drum", "flute", "trumpet", "harp", "cello", "rocket", "planet", "comet", "star",
    "moon", "galaxy", "orbit", "atom", "prism", "magnet", "engine", "wheel", "bridge", "tower",
    "castle", "garden", "harbor", "market", "school", "library", "museum", "theater", "station",
    "airport", "bottle", "basket", "candle", "blanket", "pillow", "jacket", "scarf", "glove",
    "boot", "hat", "ruby", "pearl", "amber", "jade", "opal", "topaz", "silver", "gold", "copper",
    "iron",
];

/// The `index`-th word of a seeded shuffle: `WORDS[splitmix64(seed + index) mod len]`,
/// with a number appended once the list has been used up (`apple2`, `apple3`, …).
pub fn random_word(seed: u64, index: u64) -> String {
    let pick = splitmix64(seed.wrapping_add(index)) % WORDS.len() as u64;
    WORDS[pick as usize].to_owned()
}

/// `count` words not in `taken`, drawn from the seeded sequence starting at `start`.
/// Returns the words and the next sequence index.
pub fn fresh_words(
    seed: u64,
    start: u64,
    count: usize,
    taken: impl Fn(&str) -> bool,
) -> (Vec<String>, u64) {
    let mut words: Vec<String> = Vec::with_capacity(count);
    let mut index = start;
    while words.len() < count {
        let base = random_word(seed, index);
        index += 1;
        let mut candidate = base.clone();
        let mut suffix = 2;
        while taken(&candidate) || words.contains(&candidate) {
            candidate = format!("{base}{suffix}");
            suffix += 1;
        }
        words.push(candidate);
    }
    (words, index)
}
