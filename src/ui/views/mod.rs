//! The page's views, one file each: the visualizer, the false-positive lab, the calculator,
//! union and folding, hash quality, growing filters, the count-min sketch and use cases.

pub mod apps;
pub mod calculator;
pub mod cms;
pub mod files;
pub mod grow;
pub mod hashes;
pub mod lab;
pub mod sets;
pub mod visualizer;
