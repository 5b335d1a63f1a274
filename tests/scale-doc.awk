# scale-doc.awk -v f=N [-v run=K]: a latt --json document (as latt
# prints it, a value a line) with every wakeup time multiplied by N, a
# power of two (or 1/8: the samples all 1024 ns or more), or with run=K
# those of its runs numbered K only (the configurations' summaries as
# they were),
# so that each histogram bucket's low end becomes another bucket's:
# min_ns, max_ns, mean_ns, stdev_ns, stdev_mean_ns, p99_ns, the
# percentiles' ns and the first number of each [low, count] pair.  The
# verdicts' tests compare a run with such a copy of itself.
# Scaled down (f < 1), a time is cut to a whole number, not rounded, so
# that it stays in its bucket's scaled range: from 1024 ns up, buckets
# scale to buckets by 1/8; not below.
function num(v) {
	if (v ~ /\./)
		return sprintf("%.1f", v * f)
	return f < 1 ? sprintf("%d", int(v * f)) : sprintf("%.0f", v * f)
}
{
	line = $0
	if (match(line, /^ *"run": [0-9]+,$/)) {
		at = line
		gsub(/[^0-9]/, "", at)
	}
	if (run != "" && at != run) {
		print line
		next
	}
	if (match(line, /"(min_ns|max_ns|mean_ns|stdev_ns|stdev_mean_ns|p99_ns|ns)": [0-9][0-9.]*/)) {
		m = substr(line, RSTART, RLENGTH)
		k = m
		sub(/: .*/, "", k)
		v = m
		sub(/.*: /, "", v)
		line = substr(line, 1, RSTART - 1) k ": " num(v) substr(line, RSTART + RLENGTH)
	} else if (pending && line ~ /^ *[0-9]+,$/) {
		v = line
		gsub(/[ ,]/, "", v)
		sub(/[0-9]+/, num(v), line)
	}
	pending = line ~ /^ *\[$/
	print line
}
