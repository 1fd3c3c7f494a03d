//! Mounts the app; everything else lives in the library.

fn main() {
    #[cfg(target_arch = "wasm32")]
    bloomlab::ui::start();
}
