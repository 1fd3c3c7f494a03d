//! Prepares the English texts (src/i18n/en.txt, `name = text` lines like the translations)
//! for compiling into the page: the texts alone, one per line, in `$OUT_DIR/en_texts.txt`,
//! and their number in `$OUT_DIR/en_count.txt`. The names stay out of the bundle; the
//! tests read en.txt with its names and check each against `Text`'s fields.

use std::{env, fs, path::Path};

fn main() {
    let source = "src/i18n/en.txt";
    println!("cargo:rerun-if-changed={source}");
    let file = fs::read_to_string(source).expect("src/i18n/en.txt is readable");
    let mut texts = Vec::new();
    for (number, line) in file.lines().enumerate() {
        let line = line.strip_suffix('\r').unwrap_or(line);
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        match line.split_once(" = ") {
            Some((_, text)) => texts.push(text),
            None => panic!("{source}:{}: expected `name = text`", number + 1),
        }
    }
    let out = env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    let out = Path::new(&out);
    fs::write(out.join("en_texts.txt"), texts.join("\n")).expect("OUT_DIR is writable");
    fs::write(out.join("en_count.txt"), texts.len().to_string()).expect("OUT_DIR is writable");
}
