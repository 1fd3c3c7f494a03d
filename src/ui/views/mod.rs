//! The page's views, one file each: the visualizer, the false-positive lab, the calculator,
//! union and folding, and hash quality.

pub mod calculator;
pub mod hashes;
pub mod lab;
pub mod sets;
pub mod visualizer;
