"""High-precision reference for the blocked layouts' false-positive rates (mpmath, 50 digits).

The rate of a filter whose items each land in one block of B bits, with λ = n·B/m items per
block on average, is the Poisson mixture  Σ_i e^{−λ} λ^i / i! · f(i)  where f(i) is the rate
of one block holding i items:

  blocked (RocksDB, B = 512, k probes):  f(i) = (1 − (1 − 1/B)^{k·i})^k
  split-block (Parquet, B = 256):         f(i) = (1 − (1 − 1/32)^i)^8

Run: python3 tests/data/blocked_rates.py  (prints the rows pinned in src/filter/blocked.rs).
"""
from mpmath import mp, mpf, exp, factorial, fsum, sqrt

mp.dps = 50


def mixture(lam, f):
    # Terms beyond λ + 40·sqrt(λ) + 200 are below 10^-300.
    last = int(lam + 40 * sqrt(lam) + 200)
    return fsum(exp(-lam) * lam ** i / factorial(i) * f(i) for i in range(last + 1))


def blocked(bits_per_key, k, block=512):
    lam = mpf(block) / bits_per_key
    return mixture(lam, lambda i: (1 - (1 - mpf(1) / block) ** (k * i)) ** k)


def split_block(bits_per_key):
    lam = mpf(256) / bits_per_key
    return mixture(lam, lambda i: (1 - (1 - mpf(1) / 32) ** i) ** 8)


for bpk, k in [(10, 6), (8, 5), (16, 11), (4, 3)]:
    print(f"blocked bits_per_key={bpk} k={k}: {mp.nstr(blocked(mpf(bpk), k), 17)}")
for bpk in [10, 8, 16, 4]:
    print(f"split-block bits_per_key={bpk}: {mp.nstr(split_block(mpf(bpk)), 17)}")
