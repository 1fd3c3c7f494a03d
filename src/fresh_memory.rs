//! The page's allocator: the standard one, except that a zeroed allocation does not clear
//! the part of it that `memory.grow` has just added.
//!
//! WebAssembly gives new memory pages filled with zeros, but the standard allocator clears
//! every zeroed allocation, so a new filter of 2^24 counters wrote 16 MB of zeros over
//! fresh pages: about 13 ms of a task in Chromium, spent faulting in pages no bit had
//! touched. Here only the bytes below the memory's size before the allocation (memory that
//! may have been used and freed) are cleared.

use std::alloc::{GlobalAlloc, Layout, System};

/// The wasm page size, in bytes.
const PAGE: usize = 65_536;

/// [`System`], clearing only reused memory in [`GlobalAlloc::alloc_zeroed`].
pub struct FreshMemory;

// SAFETY: every method forwards to `System`; `alloc_zeroed` returns a block whose bytes are
// all zero: those below `before` are cleared here, and those at or above it lie in pages
// that `memory.grow` added during this call (single-threaded), which WebAssembly fills with
// zeros and the allocator does not write inside a block it hands out.
unsafe impl GlobalAlloc for FreshMemory {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let before = core::arch::wasm32::memory_size(0) * PAGE;
        let ptr = unsafe { System.alloc(layout) };
        if !ptr.is_null() {
            let start = ptr as usize;
            let reused = before.saturating_sub(start).min(layout.size());
            unsafe { ptr.write_bytes(0, reused) };
        }
        ptr
    }
}
