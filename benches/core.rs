//! Native core speed: ns per insert and per query for both hash families on 10^6 URL-like
//! items, m for 1 %, k = 7, beside the `fastbloom` crate on the same workload.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use std::hint::black_box;

use bloomlab::filter::HashFamily;

#[path = "workload.rs"]
mod workload;

fn core(c: &mut Criterion) {
    let (members, probes) = workload::items();
    let mut group = c.benchmark_group("core");
    group.sample_size(10);
    group.throughput(Throughput::Elements(workload::N as u64));
    for family in HashFamily::DOUBLE_HASHING {
        group.bench_function(format!("insert/{}", family.key()), |b| {
            b.iter(|| black_box(workload::insert_all(family, &members)))
        });
        let filter = workload::insert_all(family, &members);
        group.bench_function(format!("query/{}", family.key()), |b| {
            b.iter(|| black_box(workload::query_all(&filter, &probes)))
        });
    }
    let bits = workload::bits() as usize;
    group.bench_function("insert/fastbloom", |b| {
        b.iter_batched(
            || fastbloom::BloomFilter::with_num_bits(bits).hashes(workload::K),
            |mut filter| {
                for item in &members {
                    filter.insert(&item[..]);
                }
                black_box(filter)
            },
            BatchSize::LargeInput,
        )
    });
    let mut filter = fastbloom::BloomFilter::with_num_bits(bits).hashes(workload::K);
    for item in &members {
        filter.insert(&item[..]);
    }
    group.bench_function("query/fastbloom", |b| {
        b.iter(|| black_box(probes.iter().filter(|p| filter.contains(&p[..])).count()))
    });
    group.finish();
}

criterion_group!(benches, core);
criterion_main!(benches);
