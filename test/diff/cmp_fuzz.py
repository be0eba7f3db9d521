"""cmp_fuzz.py ON OFF [NOTIERS [DEFAULT]]: the launches of the d_fuzz runs
ON (launch ranges, tiers for every bet: tiers-wide), OFF
(no-launch-ranges), NOTIERS (launch ranges, no-tiers) and DEFAULT (tiers for
sign bets only) that ended in the original, from their "ended in the
original" lines.  Exit 1 unless ON <= OFF, (given NOTIERS) unless NOTIERS >
OFF: the count sees the difference tiers make, and (given DEFAULT) unless
ON <= DEFAULT <= NOTIERS (fuzz-tiers.test)."""
import re
import sys


def ended(path):
    with open(path) as f:
        m = re.search(r"(\d+) ended in the original", f.read())
    if not m:
        sys.exit("cmp_fuzz: no count in %s" % path)
    return int(m.group(1))


on, off = ended(sys.argv[1]), ended(sys.argv[2])
notiers = ended(sys.argv[3]) if len(sys.argv) > 3 else None
default = ended(sys.argv[4]) if len(sys.argv) > 4 else None
print("cmp_fuzz: ended in the original: launch-ranges %d, no-launch-ranges "
      "%d%s%s" % (on, off, "" if notiers is None else
                  ", launch-ranges without tiers %d" % notiers,
                  "" if default is None else
                  ", default tiers (sign bets) %d" % default))
ok = on <= off and (notiers is None or notiers > off) and \
    (default is None or on <= default <= notiers)
print("cmp_fuzz: %s" % ("OK" if ok else "FAILED"))
sys.exit(0 if ok else 1)
