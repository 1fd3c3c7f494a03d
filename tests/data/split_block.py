"""Independent positions of Parquet's split-block Bloom filter, from the spec
(apache/parquet-format BloomFilter.md) and Python's `xxhash` package.

Writes tests/data/split_block.tsv: value, xxHash64 (hex), blocks z, and the eight positions
b·256 + w·32 + j. Run: pip install xxhash; python3 tests/data/split_block.py
"""
import random
from pathlib import Path

import xxhash

SALTS = [0x47B6137B, 0x44974D91, 0x8824AD5B, 0xA2B7289D,
         0x705495C7, 0x2DF1424B, 0x9EFC4947, 0x5C6BFB31]


def positions(h, z):
    block = ((h >> 32) * z) >> 32
    x = h & 0xFFFFFFFF
    return [block * 256 + i * 32 + (((x * salt) & 0xFFFFFFFF) >> 27) for i, salt in enumerate(SALTS)]


rng = random.Random(28)
values = ["hello", "parquet", "bloom", "filter", "", "é", "布隆", "ブルーム", "a b"]
alphabet = "abcdefghijklmnopqrstuvwxyz0123456789-_/.:é布"
while len(values) < 240:
    values.append("".join(rng.choice(alphabet) for _ in range(rng.randint(1, 24))))
rows = ["# value\txxhash64\tblocks\tpositions (tests/data/split_block.py)"]
for value in values:
    h = xxhash.xxh64_intdigest(value.encode("utf-8"), seed=0)
    z = rng.choice([1, 2, 3, 32, 100, 4096, 1 << 20])
    rows.append(f"{value}\t{h:016x}\t{z}\t{','.join(map(str, positions(h, z)))}")
out = Path(__file__).with_name("split_block.tsv")
out.write_text("\n".join(rows) + "\n", encoding="utf-8")
print(f"wrote {len(values)} rows to {out}")
