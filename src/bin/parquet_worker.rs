//! The Parquet worker: a Web Worker the page starts when a file is opened. It holds the
//! `parquet` crate and the code that lays out a file's filters, so the page's first visit
//! loads neither. Each message is an array `[request, file]` (`src/ui/hooks/parquet_reader.rs`):
//! the bytes of a [`Request::ShowFile`], and beside them the `Blob` of a file chosen on
//! this computer (a `File` is one), read with [`bloomlab::parquet_reader`] through
//! `FileReaderSync` slices (only its tail, footer and Bloom filters). The request names the
//! file to open (that `Blob`, or an address beside the page, the bundled example, fetched
//! first), or none, to show the last file again. The worker keeps the last file read
//! ([`bloomlab::filter::parquet_report::FilesModel`]: each filter's place and figures, not
//! its bits) and its `Blob`, from which a value's blocks and a drawing's bytes are read
//! again. It answers with its report, data for the page to draw, as an
//! [`Answer::FileShown`]: every request that no other followed while it was read (those
//! that did are taken into the model, and the last one answers for them); bytes that are
//! not such a request are answered [`Answer::Refused`]. It says `"ready"` once it can take
//! requests.
//!
//! [`Request::ShowFile`]: bloomlab::protocol::Request::ShowFile
//! [`Answer::FileShown`]: bloomlab::protocol::Answer::FileShown
//! [`Answer::Refused`]: bloomlab::protocol::Answer::Refused
//!
//! Trunk builds it beside the page (`parquet_worker.js`, `parquet_worker_bg.wasm` and
//! `parquet_worker_loader.js`).

#[cfg(target_arch = "wasm32")]
mod blob_source {
    use bloomlab::parquet_reader::ByteSource;
    use js_sys::Uint8Array;
    use web_sys::{Blob, FileReaderSync};

    /// A `Blob` read in slices, synchronously (only a worker may do so).
    pub struct BlobSource {
        pub blob: Blob,
        pub reader: FileReaderSync,
    }

    impl ByteSource for BlobSource {
        fn len(&self) -> u64 {
            self.blob.size() as u64
        }

        fn read(&self, offset: u64, len: usize) -> Result<Vec<u8>, String> {
            let end = offset as f64 + len as f64;
            let slice = self
                .blob
                .slice_with_f64_and_f64(offset as f64, end)
                .map_err(|error| format!("{error:?}"))?;
            let buffer = self
                .reader
                .read_as_array_buffer(&slice)
                .map_err(|error| format!("{error:?}"))?;
            Ok(Uint8Array::new(&buffer).to_vec())
        }

        /// The pieces as slices of the blob joined into one blob, read at once: one read
        /// of the file, however many pieces.
        fn read_pieces(&self, pieces: &[(u64, usize)]) -> Result<Vec<u8>, String> {
            let slices = js_sys::Array::new();
            for &(offset, len) in pieces {
                let end = offset as f64 + len as f64;
                let slice = self
                    .blob
                    .slice_with_f64_and_f64(offset as f64, end)
                    .map_err(|error| format!("{error:?}"))?;
                slices.push(&slice);
            }
            let gathered =
                Blob::new_with_blob_sequence(&slices).map_err(|error| format!("{error:?}"))?;
            let buffer = self
                .reader
                .read_as_array_buffer(&gathered)
                .map_err(|error| format!("{error:?}"))?;
            Ok(Uint8Array::new(&buffer).to_vec())
        }
    }
}

#[cfg(target_arch = "wasm32")]
fn main() {
    use std::cell::{Cell, RefCell};
    use std::rc::Rc;

    use blob_source::BlobSource;
    use bloomlab::filter::parquet_report::FilesModel;
    use bloomlab::filter::parquet_summary::{FileError, FileSummary};
    use bloomlab::parquet_reader::{read_bloom_filters, FileBits};
    use bloomlab::protocol::{Answer, FileToOpen, Request};
    use js_sys::{Array, Uint8Array};
    use wasm_bindgen::prelude::*;
    use wasm_bindgen_futures::JsFuture;
    use web_sys::{Blob, DedicatedWorkerGlobalScope, FileReaderSync, MessageEvent, Response};

    /// The filters of a blob, read in slices, and the blob to read them again from.
    fn read(blob: Blob) -> Result<(FileSummary, BlobSource), FileError> {
        match FileReaderSync::new() {
            Ok(reader) => {
                let source = BlobSource { blob, reader };
                read_bloom_filters(&source).map(|summary| (summary, source))
            }
            Err(error) => Err(FileError::Unreadable {
                detail: format!("{error:?}"),
            }),
        }
    }

    /// The response at `address` (relative to this worker, which lives beside the page).
    async fn fetched(
        scope: &DedicatedWorkerGlobalScope,
        address: &str,
    ) -> Result<Response, String> {
        let describe = |e: JsValue| format!("{address}: {}", e.as_string().unwrap_or_default());
        let response: Response = JsFuture::from(scope.fetch_with_str(address))
            .await
            .map_err(describe)?
            .dyn_into()
            .map_err(describe)?;
        if !response.ok() {
            return Err(format!("{address}: HTTP {}", response.status()));
        }
        Ok(response)
    }

    /// The file at `address`, read.
    async fn read_address(
        scope: &DedicatedWorkerGlobalScope,
        address: &str,
    ) -> Result<(FileSummary, BlobSource), FileError> {
        let unreadable = |detail: String| FileError::Unreadable { detail };
        let response = fetched(scope, address).await.map_err(unreadable)?;
        let blob = match response.blob() {
            Ok(promise) => JsFuture::from(promise).await.ok(),
            Err(_) => None,
        };
        match blob.and_then(|b| b.dyn_into::<Blob>().ok()) {
            Some(blob) => read(blob),
            None => Err(unreadable(format!("{address}: not a file"))),
        }
    }

    /// Resolves in a task of its own, after the messages that came before it.
    async fn next_task(scope: &DedicatedWorkerGlobalScope) {
        let promise = js_sys::Promise::new(&mut |resolve, _| {
            let _ = scope.set_timeout_with_callback(&resolve);
        });
        let _ = JsFuture::from(promise).await;
    }

    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let model = Rc::new(RefCell::new(FilesModel::default()));
    // The count of requests taken: a request answers only if no other came after it.
    let latest = Rc::new(Cell::new(0u64));
    // The last file read, which the model reads its filters' bits from.
    let opened: Rc<RefCell<Option<BlobSource>>> = Rc::default();
    let replies = scope.clone();
    let on_request = Closure::<dyn Fn(MessageEvent)>::new(move |event: MessageEvent| {
        let message = Array::from(&event.data());
        let bytes = Uint8Array::new(&message.get(0)).to_vec();
        // Posting bytes cannot fail.
        let post = |replies: &DedicatedWorkerGlobalScope, answer: Answer| {
            let _ = replies.post_message(&Uint8Array::from(&answer.encode()[..]));
        };
        let Ok(Request::ShowFile {
            open,
            value,
            filter,
            page,
        }) = Request::decode(&bytes)
        else {
            post(&replies, Answer::Refused);
            return;
        };
        {
            // The latest value and filter, whatever answer is made next.
            let mut model = model.borrow_mut();
            model.query = value;
            model.selected = filter;
            model.page = page;
        }
        let blob = message.get(1);
        let (scope, model, replies) = (replies.clone(), Rc::clone(&model), replies.clone());
        let opened = Rc::clone(&opened);
        let request = latest.get() + 1;
        latest.set(request);
        let latest = Rc::clone(&latest);
        wasm_bindgen_futures::spawn_local(async move {
            if let Some(FileToOpen { name, address }) = open {
                let result = match address {
                    Some(address) => read_address(&scope, &address).await,
                    None => match blob.dyn_into::<Blob>() {
                        Ok(blob) => read(blob),
                        Err(_) => Err(FileError::Unreadable {
                            detail: format!("{name}: no file"),
                        }),
                    },
                };
                let summary = result.map(|(summary, source)| {
                    *opened.borrow_mut() = Some(source);
                    summary
                });
                model.borrow_mut().opened(name, summary);
            }
            // Requests that came while this one was read (a value typed letter by letter
            // while a large file's blocks are read) are taken first; only the last is
            // answered, so the bits are read for the latest value alone.
            next_task(&scope).await;
            if latest.get() != request {
                return;
            }
            if let Some(source) = opened.borrow().as_ref() {
                model.borrow_mut().refresh(&FileBits(source));
            }
            let report = model.borrow().report();
            post(&replies, Answer::FileShown { report });
        });
    });
    scope.set_onmessage(Some(on_request.as_ref().unchecked_ref()));
    on_request.forget();
    let _ = scope.post_message(&JsValue::from_str("ready"));
}

/// The worker runs only in a browser; natively there is nothing to do.
#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("parquet_worker is the page's Parquet Web Worker; build it with trunk");
}
