"""Writes exact_reference.tsv: Bloom filter sizes computed independently of the Rust code.

Only the standard library `decimal` module is used, at 60 significant digits (more where
a subtraction cancels digits, see `ln_false_positive_rate`). The Rust double-double code
(src/filter/double_double.rs) is checked against this table by tests/exact_numbers.rs.

Run: python3 tests/data/exact_reference.py > tests/data/exact_reference.tsv

Columns: kind, args (comma-separated), expected. Expected is an integer, "none" (the
result is 2^64 or more), "-inf", or a natural log printed with 32 significant digits.
"""
from decimal import Decimal, getcontext, localcontext, ROUND_CEILING, ROUND_FLOOR

getcontext().prec = 60

LN2 = Decimal(2).ln()
TWO_64 = 2**64
# An integer result is only trusted when the exact real value is at least this far from
# an integer: 60 digits on values below 2^64 (20 digits) leave about 40 digits of slack.
MARGIN = Decimal("1e-20")

OPTIMAL_BITS = [
    (1000000, "0.01"),
    (10000000000000000, "0.01"),
    (1000000000, "0.0001"),
    (5000000000, "0.01"),
    (1, "0.5"),
    (123456789012345678, "0.001"),
    (9223372036854775807, "0.5"),
    (1000, "1e-300"),
]
MAX_ITEMS = [
    (9585059, "0.01"),
    (65536, "0.01"),
    (95850583470432391, "0.01"),
    (9223372036854775807, "0.000001"),
    (10, "0.5"),
]
LN_FALSE_POSITIVE_RATE = [
    (16, 3, 3),
    (100000000000000, 7, 1),
    (9223372036854775808, 1, 1),
    (33554432, 1, 55),
    (1000, 0, 4),
    (1, 5, 3),
    (9585059, 1000000, 7),
]


def checked_integer(value, rounding):
    """Rounds value to an integer, refusing values too close to an integer to be sure."""
    nearest = value.to_integral_value()
    assert abs(value - nearest) > MARGIN, f"{value} is too close to an integer"
    return int(value.to_integral_value(rounding=rounding))


def optimal_bits(n, p):
    """m = ceil(-n ln p / (ln 2)^2); "none" when m >= 2^64."""
    m = checked_integer(-n * Decimal(p).ln() / (LN2 * LN2), ROUND_CEILING)
    return "none" if m >= TWO_64 else str(m)


def max_items(m, p):
    """n = floor(-m (ln 2)^2 / ln p)."""
    return str(checked_integer(-m * LN2 * LN2 / Decimal(p).ln(), ROUND_FLOOR))


def ln_false_positive_rate(m, n, k):
    """k ln(1 - (1 - 1/m)^(kn)), the log of the exact false-positive rate.

    1 - 1/m cancels about log10(m) digits and 1 - (1 - 1/m)^(kn) about log10(m / kn)
    more, so the working precision is 60 digits plus twice the digits of m.
    """
    if n == 0:
        return "-inf"
    if m == 1:
        return "0"  # every bit is set by the first item: the rate is 1
    with localcontext() as ctx:
        ctx.prec = 60 + 2 * len(str(m))
        kept = (k * n * (1 - Decimal(1) / m).ln()).exp()  # (1 - 1/m)^(kn)
        value = k * (1 - kept).ln()
    return format(+value, ".31e")  # the unary + rounds to the 60-digit context


print("# Made by: python3 tests/data/exact_reference.py > tests/data/exact_reference.tsv")
print("# kind\targs\texpected")
for n, p in OPTIMAL_BITS:
    print(f"optimal_bits\t{n},{p}\t{optimal_bits(n, p)}")
for m, p in MAX_ITEMS:
    print(f"max_items\t{m},{p}\t{max_items(m, p)}")
for m, n, k in LN_FALSE_POSITIVE_RATE:
    print(f"ln_false_positive_rate\t{m},{n},{k}\t{ln_false_positive_rate(m, n, k)}")
