# SPDX-License-Identifier: GPL-2.0-only
# awk -f interface.awk PROGRAM-SOURCES... include/latt/*.h
#
# Each declaration of the interface headers (a function, a variable, a
# struct, union or enum, a typedef, a macro) that no program uses: a
# function or variable must be named by a program; a type or macro by a
# program or by a declaration of the interface that is used.  Prints one
# "header: name" line each; the headers' include guards aside.

# Comments out of a line, across lines (state in incomment).
function uncomment(s,    out, i) {
	out = ""
	while (s != "") {
		if (incomment) {
			i = index(s, "*/")
			if (!i)
				return out
			s = substr(s, i + 2)
			incomment = 0
		} else {
			i = index(s, "/*")
			if (!i)
				return out s
			out = out substr(s, 1, i - 1) " "
			s = substr(s, i + 2)
			incomment = 1
		}
	}
	return out
}

# The identifiers of s into the array w (w[name] = 1); a struct, union
# or enum's tag as "tag:NAME", so that struct x is not function x().
function words(s, w,    n, a, i, t) {
	gsub(/"([^"\\]|\\.)*"/, " ", s)
	while (match(s, /(struct|union|enum)[ \t]+[A-Za-z_][A-Za-z0-9_]*/)) {
		t = substr(s, RSTART, RLENGTH)
		sub(/^(struct|union|enum)[ \t]+/, "", t)
		w["tag:" t] = 1
		s = substr(s, 1, RSTART - 1) " " substr(s, RSTART + RLENGTH)
	}
	n = split(s, a, /[^A-Za-z0-9_]+/)
	for (i = 1; i <= n; i++)
		if (a[i] ~ /^[A-Za-z_]/)
			w[a[i]] = 1
}

# One declaration ended: its name is the last identifier before its
# first '(' (a function), or the one before '[', ';' or '{' (others).
function declared(stmt,    s, name) {
	s = stmt
	gsub(/__attribute__[ \t]*\(\([^)]*\)\)/, " ", s)
	sub(/^[ \t]+/, "", s)
	if (s ~ /^(struct|union|enum)[ \t]+[A-Za-z_][A-Za-z0-9_]*[ \t]*\{/) {
		name = s
		sub(/^(struct|union|enum)[ \t]+/, "", name)
		sub(/[^A-Za-z0-9_].*/, "", name)
		add("tag:" name, "type", stmt)
		if (s ~ /^enum/)
			enumerators(stmt, nd)
		return
	}
	if (s ~ /^(struct|union|enum)[ \t]+[A-Za-z_][A-Za-z0-9_]*[ \t]*;/)
		return			# a forward declaration
	if (s ~ /^typedef/) {
		name = s
		sub(/[ \t]*;[ \t]*$/, "", name)
		sub(/.*[^A-Za-z0-9_]/, "", name)
		add(name, "type", stmt)
		return
	}
	if (s ~ /\(/) {
		name = substr(s, 1, index(s, "(") - 1)
		sub(/[^A-Za-z0-9_]+$/, "", name)
		sub(/.*[^A-Za-z0-9_]/, "", name)
		add(name, "function", stmt)
		return
	}
	name = s
	sub(/[ \t]*[\[;=].*/, "", name)
	sub(/.*[^A-Za-z0-9_]/, "", name)
	add(name, "variable", stmt)
}

# The values of enum declaration d name it: alias[VALUE] = d.
function enumerators(stmt, d,    body, n, a, i, v) {
	body = substr(stmt, index(stmt, "{") + 1)
	n = split(body, a, ",")
	for (i = 1; i <= n; i++) {
		v = a[i]
		sub(/^[ \t]+/, "", v)
		sub(/[^A-Za-z0-9_].*/, "", v)
		if (v != "")
			alias[v] = d
	}
}

function add(name, kind, text) {
	if (name == "")
		return
	nd++
	dname[nd] = name
	dkind[nd] = kind
	dtext[nd] = text
	dfile[nd] = FILENAME
}

FNR == 1 {
	incomment = 0
	depth = 0
	stmt = ""
}
!inheaders && FILENAME !~ /include\/latt\// {
	words(uncomment($0), prog)
	next
}
{
	inheaders = 1
	line = uncomment($0)
	if (line ~ /^[ \t]*#/) {
		if (line ~ /^[ \t]*#[ \t]*define[ \t]+/) {
			m = line
			sub(/^[ \t]*#[ \t]*define[ \t]+/, "", m)
			sub(/[^A-Za-z0-9_].*/, "", m)
			text = line
			while (text ~ /\\$/ && (getline more) > 0)
				text = text " " uncomment(more)
			if (m !~ /^LATT_[A-Z]+_H$/)
				add(m, "macro", text)
		}
		next
	}
	stmt = stmt " " line
	o = gsub(/\{/, "{", line)
	c = gsub(/\}/, "}", line)
	depth += o - c
	if (depth > 0)
		next
	if (stmt ~ /;[ \t]*$/ || (o > 0 && depth == 0 && stmt ~ /\}[ \t]*$/)) {
		if (stmt ~ /[^ \t]/)
			declared(stmt)
		stmt = ""
	}
}
END {
	for (v in alias)
		if (v in prog)
			used[alias[v]] = 1
	for (i = 1; i <= nd; i++)
		if (dname[i] in prog)
			used[i] = 1
	do {
		more = 0
		for (i = 1; i <= nd; i++) {
			if (!used[i])
				continue
			split("", w)
			words(dtext[i], w)
			for (v in alias)
				if ((v in w) && !used[alias[v]]) {
					used[alias[v]] = 1
					more = 1
				}
			for (j = 1; j <= nd; j++)
				if (!used[j] && j != i && dkind[j] != "function" &&
				    dkind[j] != "variable" && (dname[j] in w)) {
					used[j] = 1
					more = 1
				}
		}
	} while (more)
	for (i = 1; i <= nd; i++)
		if (!used[i]) {
			name = dname[i]
			sub(/^tag:/, "", name)
			printf "%s: %s (%s)\n", dfile[i], name, dkind[i]
		} else {
			nused++
		}
	printf "# %d declarations, %d used\n", nd, nused > "/dev/stderr"
}
