"""Writes xor_reference.tsv: keys, seeds, positions, fingerprints and whole arrays of the
xor filter and the binary fuse filter, ported line by line from the authors' reference
(FastFilter/xor_singleheader: include/xorfilter.h, xor8_allocate / xor8_populate /
xor16 fingerprints; include/binaryfusefilter.h, binary_fuse8_allocate /
binary_fuse8_populate), independently of the Rust code. Keys are the low 64 bits of
MurmurHash3 x64_128 (seed 0) of the item's UTF-8 bytes, written out here in pure Python.

Run: python3 tests/data/xor_reference.py > tests/data/xor_reference.tsv

Rows (tab-separated, first column the kind):
  key      item-hex  key
  seed     rng-start  draw (1-based)  seed
  xor      n  L  seed  key  hash  h0  h1  h2  fp8  fp16
  fusesize n  L  size-factor  capacity  segment-count  array-length
  fuse     n  seed  key  hash  h0  h1  h2  fp8  fp16
  xorarray  words(comma-separated)  attempts  seed  array (8-bit values, hex)
  fusearray words(comma-separated)  attempts  seed  array (8-bit values, hex)
"""

import math

MASK = (1 << 64) - 1
M32 = (1 << 32) - 1
C1, C2 = 0x87C37B91114253D5, 0x4CF5AD432745937F


def rotl(x, r):
    r &= 63
    return ((x << r) | (x >> ((64 - r) & 63))) & MASK


def fmix(k):
    k ^= k >> 33
    k = (k * 0xFF51AFD7ED558CCD) & MASK
    k ^= k >> 33
    k = (k * 0xC4CEB9FE1A85EC53) & MASK
    return k ^ (k >> 33)


def murmur3_x64_128(data, seed=0):
    """(h1, h2): the two 64-bit halves, h1 first (the low 64 bits of the 128-bit value)."""
    h1 = h2 = seed
    blocks = len(data) // 16
    for i in range(blocks):
        k1 = int.from_bytes(data[16 * i:16 * i + 8], "little")
        k2 = int.from_bytes(data[16 * i + 8:16 * i + 16], "little")
        k1 = (rotl((k1 * C1) & MASK, 31) * C2) & MASK
        h1 ^= k1
        h1 = (rotl(h1, 27) + h2) & MASK
        h1 = (h1 * 5 + 0x52DCE729) & MASK
        k2 = (rotl((k2 * C2) & MASK, 33) * C1) & MASK
        h2 ^= k2
        h2 = (rotl(h2, 31) + h1) & MASK
        h2 = (h2 * 5 + 0x38495AB5) & MASK
    tail = data[16 * blocks:]
    k1 = int.from_bytes(tail[:8], "little")
    k2 = int.from_bytes(tail[8:], "little")
    if len(tail) > 8:
        h2 ^= (rotl((k2 * C2) & MASK, 33) * C1) & MASK
    if len(tail) > 0:
        h1 ^= (rotl((k1 * C1) & MASK, 31) * C2) & MASK
    h1 ^= len(data)
    h2 ^= len(data)
    h1 = (h1 + h2) & MASK
    h2 = (h2 + h1) & MASK
    h1, h2 = fmix(h1), fmix(h2)
    h1 = (h1 + h2) & MASK
    h2 = (h2 + h1) & MASK
    return h1, h2


def key_of(item):
    return murmur3_x64_128(item.encode("utf-8"))[0]


# --- shared utilities (xor_murmur64, xor_mix_split, xor_rng_splitmix64, xor_fingerprint)

def murmur64(h):
    return fmix(h)


def mix_split(key, seed):
    return murmur64((key + seed) & MASK)


class Rng:
    def __init__(self, state):
        self.state = state

    def splitmix64(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)


def fingerprint(h):
    return h ^ (h >> 32)


XOR_RNG_START = 1
FUSE_RNG_START = 0x726B2B9D438B9D4D

# --- xor filter (xorfilter.h)


def xor_reduce(h, n):
    return ((h & M32) * n) >> 32


def xor_block_length(size):
    capacity = int(32 + 1.23 * size)
    capacity = capacity // 3 * 3
    return capacity // 3


def xor_h012(h, L):
    return (xor_reduce(h, L), xor_reduce(rotl(h, 21), L), xor_reduce(rotl(h, 42), L))


def xor8_populate(keys):
    """xor8_populate, loop for loop; slots left unset by the reference hold 0 here."""
    size = len(keys)
    L = xor_block_length(size)
    rng = Rng(XOR_RNG_START)
    seed = rng.splitmix64()
    attempts = 0
    while True:
        attempts += 1
        assert attempts <= 100
        sets = [[[0, 0] for _ in range(L)] for _ in range(3)]  # [xormask, count]
        for key in keys:
            h = mix_split(key, seed)
            for b, idx in enumerate(xor_h012(h, L)):
                sets[b][idx][0] ^= h
                sets[b][idx][1] += 1
        Q = [[], [], []]
        for b in range(3):
            for i in range(L):
                if sets[b][i][1] == 1:
                    Q[b].append((i, sets[b][i][0]))
        stack = []
        while Q[0] or Q[1] or Q[2]:
            for b in range(3):
                while Q[b]:
                    index, h = Q[b].pop()
                    if sets[b][index][1] == 0:
                        continue
                    stack.append((index + b * L, h))
                    hs = xor_h012(h, L)
                    for j in range(3):
                        if j == b:
                            continue
                        s = sets[j][hs[j]]
                        s[0] ^= h
                        s[1] -= 1
                        if s[1] == 1:
                            Q[j].append((hs[j], s[0]))
        if len(stack) == size:
            break
        seed = rng.splitmix64()
    B = [0] * (3 * L)
    for index, h in reversed(stack):
        hs = xor_h012(h, L)
        val = fingerprint(h)
        b = index // L
        for j in range(3):
            if j != b:
                val ^= B[hs[j] + j * L]
        B[index] = val & 0xFF
    return attempts, seed, B


# --- binary fuse filter (binaryfusefilter.h)


def fuse_allocate(size):
    """binary_fuse8_allocate with its 32-bit unsigned arithmetic."""
    if size == 0:
        L = 4
    else:
        L = 1 << int(math.floor(math.log(size) / math.log(3.33) + 2.25))
    L = min(L, 262144)
    factor = 0 if size <= 1 else max(1.125, 0.875 + 0.25 * math.log(1000000.0) / math.log(size))
    capacity = 0 if size <= 1 else int(math.floor(size * factor + 0.5))  # C round()
    init_segment_count = ((capacity + L - 1) // L - 2) & M32
    array_length = ((init_segment_count + 2) * L) & M32
    segment_count = (array_length + L - 1) // L
    segment_count = 1 if segment_count <= 2 else segment_count - 2
    array_length = (segment_count + 2) * L
    return L, factor, capacity, segment_count, array_length


def fuse_hash(index, h, L, segment_count_length):
    """binary_fuse8_hash."""
    hi = (h * segment_count_length) >> 64
    hi += index * L
    hh = h & ((1 << 36) - 1)
    hi ^= (hh >> (36 - 18 * index)) & (L - 1)
    return hi & M32


def fuse_hash_batch(h, L, segment_count_length):
    """binary_fuse8_hash_batch."""
    h0 = ((h * segment_count_length) >> 64) & M32
    h1 = h0 + L
    h2 = h1 + L
    h1 ^= (h >> 18) & (L - 1)
    h2 ^= h & (L - 1)
    return h0, h1 & M32, h2 & M32


def binary_fuse8_populate(keys):
    """binary_fuse8_populate, loop for loop, for distinct keys (no duplicate handling)."""
    size = len(keys)
    L, _, _, segment_count, capacity = fuse_allocate(size)
    scl = segment_count * L
    rng = Rng(FUSE_RNG_START)
    seed = rng.splitmix64()
    attempts = 0
    while True:
        attempts += 1
        assert attempts <= 100
        t2count = [0] * capacity
        t2hash = [0] * capacity
        for key in keys:
            h = mix_split(key, seed)
            for i in range(3):
                hi = fuse_hash(i, h, L, scl)
                t2count[hi] += 4
                t2count[hi] ^= i
                t2hash[hi] ^= h
        alone = [i for i in range(capacity) if t2count[i] >> 2 == 1]
        reverse_order, reverse_h = [], []
        while alone:
            index = alone.pop()
            if t2count[index] >> 2 == 1:
                h = t2hash[index]
                h012 = [fuse_hash(i, h, L, scl) for i in range(3)]
                h012 += h012[:2]
                found = t2count[index] & 3
                reverse_h.append(found)
                reverse_order.append(h)
                for k in (1, 2):
                    other = h012[found + k]
                    if t2count[other] >> 2 == 2:
                        alone.append(other)
                    t2count[other] -= 4
                    t2count[other] ^= (found + k) % 3
                    t2hash[other] ^= h
        if len(reverse_order) == size:
            break
        seed = rng.splitmix64()
    B = [0] * capacity
    for h, found in zip(reversed(reverse_order), reversed(reverse_h)):
        h012 = [fuse_hash(i, h, L, scl) for i in range(3)]
        h012 += h012[:2]
        B[h012[found]] = (fingerprint(h) ^ B[h012[found + 1]] ^ B[h012[found + 2]]) & 0xFF
    return attempts, seed, B


# --- the table

ITEMS = ["", "a", "apple", "banana", "cherry", "Bloom filter", "xor filter",
         "binary fuse filter", "https://example.com/", "布隆过滤器", "ブルームフィルター",
         "🙂", "e\u0301", "nul\x00byte", "exactly sixteen!", "seventeen bytes!!"]
ITEMS += ["word%d" % i for i in range(184)]
XOR_SIZES = [1, 8, 30, 1000, 1000000]
FUSE_SIZES = [2, 8, 30, 1000, 1000000]
FUSE_SIZING = [0, 1, 2, 3, 4, 5, 8, 9, 12, 20, 30, 31, 32, 33, 50, 64, 100, 128, 200, 500, 1000,
               4096, 10000, 65536, 100000, 123456, 1000000, 2000000, 10000000, 1 << 26]


def words_of(line):
    return line.split()


# Word sets whose arrays are written whole: the sets whose first attempt fails (the xor
# filter's, then the binary fuse filter's: the first 8-word combinations of
# "ant bee cat cow dog eel elk emu fox gnu hen jay owl pig rat yak ape bat cod doe", in
# itertools.combinations order, that fail; the Rust tests search for them again), and others.
WORD_SETS = [
    words_of("ant bee cat cow dog eel pig bat"),
    words_of("ant bee cat cow dog eel elk ape"),
    words_of("cat dog emu fox gnu hen owl yak"),
    words_of("apple banana cherry date elder fig grape"),
    words_of("red orange yellow green blue indigo violet black white grey pink brown"),
]


def main():
    out = ["# kind\tfields (see tests/data/xor_reference.py)"]
    keys = [key_of(item) for item in ITEMS]
    for item, key in zip(ITEMS, keys):
        out.append("key\t%s\t%d" % (item.encode("utf-8").hex(), key))
    for start in (XOR_RNG_START, FUSE_RNG_START):
        rng = Rng(start)
        for draw in range(1, 6):
            out.append("seed\t%d\t%d\t%d" % (start, draw, rng.splitmix64()))
    xor_seeds = [Rng(XOR_RNG_START).splitmix64(), 0x0123456789ABCDEF]
    for n in XOR_SIZES:
        L = xor_block_length(n)
        for seed in xor_seeds:
            for key in keys:
                h = mix_split(key, seed)
                r0, r1, r2 = xor_h012(h, L)
                fp = fingerprint(h)
                out.append("\t".join(str(v) for v in
                                     ["xor", n, L, seed, key, h, r0, r1 + L, r2 + 2 * L,
                                      fp & 0xFF, fp & 0xFFFF]))
    for n in FUSE_SIZING:
        L, factor, capacity, segment_count, array_length = fuse_allocate(n)
        out.append("fusesize\t%d\t%d\t%r\t%d\t%d\t%d" % (n, L, float(factor), capacity,
                                                         segment_count, array_length))
    fuse_seeds = [Rng(FUSE_RNG_START).splitmix64(), 0x0123456789ABCDEF]
    for n in FUSE_SIZES:
        L, _, _, segment_count, _ = fuse_allocate(n)
        for seed in fuse_seeds:
            for key in keys:
                h = mix_split(key, seed)
                h0, h1, h2 = fuse_hash_batch(h, L, segment_count * L)
                assert [h0, h1, h2] == [fuse_hash(i, h, L, segment_count * L) for i in range(3)]
                fp = fingerprint(h)
                out.append("\t".join(str(v) for v in
                                     ["fuse", n, seed, key, h, h0, h1, h2, fp & 0xFF,
                                      fp & 0xFFFF]))
    sets = [(",".join(words), sorted(set(key_of(w) for w in words))) for words in WORD_SETS]
    sets.append(("word0..word299", sorted(set(key_of("word%d" % i) for i in range(300)))))
    for name, set_keys in sets:
        attempts, seed, B = xor8_populate(set_keys)
        out.append("xorarray\t%s\t%d\t%d\t%s" % (name, attempts, seed, bytes(B).hex()))
        attempts, seed, B = binary_fuse8_populate(set_keys)
        out.append("fusearray\t%s\t%d\t%d\t%s" % (name, attempts, seed, bytes(B).hex()))
    print("\n".join(out))


if __name__ == "__main__":
    main()
