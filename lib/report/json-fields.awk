# SPDX-License-Identifier: GPL-2.0-only
# The JSON document's fields, as latt-json(5) lists them, into the C table
# the writer checks its document against and latt compare reads by
# (lib/report/json-fields.h): a row per field, its path, type, whether it may be
# null, its unit, how many fields an object has and the page's words of
# what it holds; in the order of the paths' bytes (run it with LC_ALL=C),
# for bsearch().
#
#   LC_ALL=C awk -f lib/report/json-fields.awk man/latt-json.5 >lib/json-fields.c

function flush(   i) {
	for (i = 0; i < npend; i++)
		rtext[pend[i]] = cstr(text)
	npend = 0
	text = ""
}

# The object @path is a field of ("" for the root), or "-" for an array's
# element.
function parent(path) {
	if (path ~ /\[\]$/)
		return "-"
	if (path !~ /\./)
		return ""
	sub(/\.[^.]*$/, "", path)
	return path
}

# A line of troff as plain text, in a C string.
function cstr(s) {
	gsub(/\\f[BIRP]/, "", s)
	gsub(/\\-/, "-", s)
	gsub(/\\e/, "\\", s)
	gsub(/\\\(em/, "--", s)
	gsub(/\\&/, "", s)
	gsub(/\\/, "\\\\", s)
	gsub(/"/, "\\\"", s)
	return "\"" s "\""
}

function unit(path) {
	if (path ~ /_ns$/)
		return "ns"
	if (path ~ /_us$/)
		return "us"
	if (path ~ /_bytes$/)
		return "bytes"
	if (path ~ /_per_s$/)
		return "1/s"
	if (path ~ /ghz$/)
		return "GHz"
	if (path ~ /(share|runs_per_wakeup)$/)
		return "ratio"
	return ""
}

BEGIN {
	nrows = 0
}

/^\.SH / {
	if (infields)
		flush()
	infields = $0 ~ /^\.SH FIELDS/
	next
}
!infields { next }
/^\.BR "[^"]*" " \([^)]*\)"$/ {
	if (text != "")
		flush()
	path = $0
	sub(/^\.BR "/, "", path)
	sub(/".*/, "", path)
	gsub(/\\-/, "-", path)
	type = $0
	sub(/.*" \(/, "", type)
	sub(/\)"$/, "", type)
	nullable = sub(/ or null$/, "", type) ? "true" : "false"
	kind = type == "integer" ? "LATT_JF_INT" : type == "number" ? \
	       "LATT_JF_NUM" : type == "string" ? "LATT_JF_STR" : \
	       type == "boolean" ? "LATT_JF_BOOL" : type == "object" ? \
	       "LATT_JF_OBJ" : type == "array" ? "LATT_JF_ARR" : ""
	if (kind == "") {
		printf "json-fields.awk: %s: unknown type '%s'\n", path, \
		       type >"/dev/stderr"
		bad = 1
		exit 1
	}
	rpath[nrows] = path
	rkind[nrows] = kind
	rnull[nrows] = nullable
	pend[npend++] = nrows++
	next
}
/^\.(TP|TQ|PP)/ { next }
npend {
	line = $0
	# A line of a font macro: its words.
	if (sub(/^\.(B|I|BR|RB|IR|RI|BI|IB) /, "", line))
		gsub(/"/, "", line)
	text = text (text == "" ? "" : " ") line
}
END {
	if (bad)
		exit 1
	flush()
	for (i = 0; i < nrows; i++)
		members[parent(rpath[i])]++
	# Insertion sort by path: a few hundred rows.
	for (i = 0; i < nrows; i++) {
		k = i
		for (j = i - 1; j >= 0 && rpath[order[j]] > rpath[k]; j--)
			order[j + 1] = order[j]
		order[j + 1] = k
	}
	print "/* Made by lib/report/json-fields.awk from man/latt-json.5: edit that. */"
	print "#include \"report/json-fields.h\""
	print ""
	print "const struct latt_json_field latt_json_fields[] = {"
	for (i = 0; i < nrows; i++) {
		k = order[i]
		print "\t{ \"" rpath[k] "\", " rkind[k] ", " rnull[k] ", \"" \
		      unit(rpath[k]) "\", " members[rpath[k]] + 0 ","
		print "\t  " rtext[k] " },"
	}
	print "};"
	print ""
	print "const unsigned int latt_json_nfields = " nrows ";"
	print "const unsigned int latt_json_root_members = " members[""] ";"
}
