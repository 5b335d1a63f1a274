#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Rewrite the accesses to struct latt_result's moved fields.

struct latt_result (lib/run/result.h) keeps what identifies a run (cfg,
run, seed, clock, started, run_start_ns) and holds the rest in parts by
stage: measured, end, cmd, trace, sys (and derived, as before).  This
rewrites every access to a field that moved, r->stop to r->end.why,
x.target_ru to x.cmd.rusage, .stop = ... to .end.why = ..., in whatever
.c and .h files the build compiles.

It asks the compiler where they are, not the text: it builds (make -k,
all and the check programs, LC_ALL=C), reads each "'struct latt_result'
has no member named 'X'" at its file:line:column, rewrites the access
there and builds again, until the tree builds.  A field of the same name
in another struct is not touched, and a tree that has the split already
builds at once: a second run changes nothing.  A line the rewrite makes
longer than 80 columns is broken kernel-style, and the lines continuing
a parenthesis that moved are aligned to it again.

First, by name (a function's name is one in the program): the calls of
a function that now takes a part (RENAMED below), latt_result_stop(r,
why) becoming latt_stop_record(&r->end, why), in every .c and .h of the
source tree.

    contrib/dev/split-result.py [-C BUILDDIR] [-j N] [--max-rounds N]
				[--no-clean]

BUILDDIR is a configured build tree of the sources to rewrite (default:
the current directory), cleaned first (--no-clean: not); the sources
are edited in place, where the compiler found them.  Exit status 0
when the tree builds, 1 when errors remain that are not a moved field's
(they are printed), 2 on misuse.

What it cannot see, and lists at the end for a reader (r->X, x.X of a
moved name left, which may also be another struct's field): code the
build does not compile (#if'd out for this configuration), comments,
and anything else that names a field outside C (awk, shell).  The tree
should build before the header changes; an error that is no moved
field's is printed and left alone.
"""

import argparse
import os
import re
import subprocess
import sys

# old field -> (part, name in the part)
PARTS = {
	"measured": [
		"wake", "work", "cycles", "elapsed_ns", "overrun_ns",
		"unanswered", "stalled_cycles", "stalled_ns", "waker_late",
		"waker_sleep_late_ns", "stopped_ns", "stops",
		"stopped_signal", "left_out", "blocks", "clients",
		"nclients", "kview_error", "kview", "kview_wakeups",
		"kwait", "waker_cpu_ns", "load_cpus",
	],
	"end": [
		("stop", "why"), ("stop_signal", "signal"), "dead_client",
		"dead_pid", "dead_status", "dead_thread", "dead_error",
		"error", "what",
	],
	"cmd": [
		("has_target", "given"), ("target_cmd", "line"),
		("target_shell", "shell"), ("target_found", "found"),
		("target_status", "status"), ("target_killed", "killed"),
		("target_wall_ns", "wall_ns"), ("target_ru", "rusage"),
		"tm_read", "tm", ("cmdwaits", "waits"),
	],
	"trace": [
		"traced", ("trace_kept", "kept"), ("trace_name", "name"),
		("trace_dir", "dir"), "break_client", "break_pid",
		"break_cpu", "break_ns", ("trace_lost", "lost"),
		"explained", "nexplained", "explain_traced",
		"explain_name", ("trace_events", "events"),
		"explain_lost", "explain_error", "decisions_traced",
		"decisions_error", "decisions", "decisions_lost",
	],
	"sys": [
		"warning", "scx_ops", "scx_by_latt", "disturbed",
		"has_steal", "steal_cpus", "steal_ns", "steal_total_ns",
		"has_ctxt", "ctxt",
	],
}

MOVED = {}
for part, fields in PARTS.items():
	for f in fields:
		old, new = f if isinstance(f, tuple) else (f, f)
		MOVED[old] = part + "." + new

# functions that take a part now, not the result: old name -> (new name,
# the part its first argument now points to)
RENAMED = {
	"latt_result_stop": ("latt_stop_record", "end"),
}

TABSTOP = 8

# gcc: FILE:LINE:COL: error: 'const struct latt_result' has no member
# named 'X' (for r->X, x.X and the designator .X = alike)
ERR = re.compile(r"^(?P<file>[^:\s][^:]*):(?P<line>\d+):(?P<col>\d+): "
		 r"error: '(?:(?:const|volatile) )*struct latt_result' "
		 r"has no member named '(?P<name>\w+)'")
ANY_ERR = re.compile(r"^[^:\s][^:]*:\d+:\d+: (?:fatal )?error: ")


def check_programs(builddir, env):
	"""The Makefile's check_PROGRAMS, to build beside all."""
	p = subprocess.run(["make", "-s", "-f", "Makefile", "-f", "-",
			    "split-result-print"],
			   input="split-result-print:\n"
				 "\t@echo $(check_PROGRAMS)\n",
			   cwd=builddir, env=env, text=True,
			   stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
	return p.stdout.split() if p.returncode == 0 else []


def build(builddir, jobs):
	"""
	make -k all, then the check programs by name (not through make
	check, which needs all built: a test's objects are compiled even
	when the library fails); (ok, the compiler's lines).
	"""
	env = dict(os.environ, LC_ALL="C", LANG="C")
	out = []
	ok = True
	for targets in (["all"], check_programs(builddir, env)):
		if not targets:
			continue
		p = subprocess.run(["make", "-k", "-j%d" % jobs] + targets,
				   cwd=builddir, env=env, text=True,
				   stdout=subprocess.PIPE,
				   stderr=subprocess.STDOUT)
		out += p.stdout.splitlines()
		ok = ok and p.returncode == 0
	return ok, out


def display_cols(text):
	"""The display column (gcc's, tabs to 8) of each character, 1-based."""
	cols = []
	col = 1
	for ch in text:
		cols.append(col)
		col = (col - 1) // TABSTOP * TABSTOP + TABSTOP + 1 \
			if ch == "\t" else col + 1
	return cols


def find_access(text, name, col):
	"""
	The offset of @name in the access the compiler means at @col of
	@text: gcc puts the column on the -> or . of r->X and x.X, on X of a
	designator; in display columns (tabs to 8), or bytes with
	-fdiagnostics-column-unit=byte.  None when no access of @name is
	on the line.
	"""
	cands = list(re.finditer(r"(->|\.)\s*(%s)\b" % re.escape(name),
				 text))
	if not cands:
		return None
	cols = display_cols(text) + [len(text) + 1]
	for unit in (lambda i: cols[i], lambda i: i + 1):
		for m in cands:
			if col in (unit(m.start(1)), unit(m.start(2))):
				return m.start(2)
	if len(cands) == 1:
		return cands[0].start(2)
	return min(cands, key=lambda m: abs(cols[m.start(1)] - col)).start(2)


COLUMNS = 80


def width(text):
	return len(text.expandtabs(TABSTOP))


def indent_to(col):
	"""Tabs, then spaces, up to display column @col (0-based)."""
	return "\t" * (col // TABSTOP) + " " * (col % TABSTOP)


LIST_BREAKS = (", ", "&& ", "|| ", "? ", ": ")


def breaks(text):
	"""
	Where @text may be broken, outside strings and comments: after
	", " and a binary operator between spaces (" && ", " + ", " = ",
	...); each with the display column of the innermost open
	parenthesis (or None) at that place and whether it is one of
	LIST_BREAKS.
	"""
	out = []
	opens = []
	quote = None
	i = 0
	while i < len(text):
		ch = text[i]
		if quote:
			if ch == "\\":
				i += 2
				continue
			if ch == quote:
				quote = None
		elif ch in "\"'":
			quote = ch
		elif text.startswith("/*", i) or text.startswith("//", i):
			break
		elif ch in "([":
			opens.append(width(text[:i + 1]))
		elif ch in ")]":
			if opens:
				opens.pop()
		else:
			for tok in (", ", "&& ", "|| ", "? ", ": ", "= ",
				    "+ ", "- ", "* ", "/ ", "!= ", "== ",
				    "<= ", ">= ", "< ", "> "):
				if text.startswith(tok, i) and \
				   (tok == ", " or text[i - 1:i] == " ") and \
				   (tok != "= " or
				    text[i - 2:i - 1] not in "=!<>+-*/%&|^"):
					col = opens[-1] if opens else None
					out.append((i + len(tok) - 1, col,
						    tok in LIST_BREAKS))
		i += 1
	return out


def wrap(text, cont=False):
	"""
	A line the rewrite made longer than COLUMNS, broken kernel-style:
	at the last place that fits, the rest aligned after the open
	parenthesis (or one tab in; a line that itself continues a
	statement, @cont, at its own indent).  As it was when nothing fits
	or it is a preprocessor line.
	"""
	if text.lstrip().startswith("#"):
		return [text]
	lead = width(text[:len(text) - len(text.lstrip())])
	out = []
	while width(text) > COLUMNS:
		fit = [(at, col, lst) for at, col, lst in breaks(text)
		       if width(text[:at].rstrip()) <= COLUMNS and
		       text[at:].strip()]
		if not fit:
			break
		# a list's comma or a condition's && first, if not too soon
		good = [f for f in fit
			if f[2] and width(text[:f[0]]) >= COLUMNS // 2]
		at, col, _ = (good or fit)[-1]
		head, rest = text[:at].rstrip(), text[at:].strip()
		if col is None or col >= COLUMNS - 20:
			col = lead if cont else lead + TABSTOP
		out.append(head)
		text = indent_to(col) + rest
	return out + [text]


def parens(text):
	"""
	The display columns of the parentheses and brackets @text leaves
	open, and how many it closes of those before it; outside strings
	and comments.
	"""
	opens = []
	closed = 0
	quote = None
	i = 0
	while i < len(text):
		ch = text[i]
		if quote:
			if ch == "\\":
				i += 1
			elif ch == quote:
				quote = None
		elif ch in "\"'":
			quote = ch
		elif text.startswith("/*", i) or text.startswith("//", i):
			break
		elif ch in "([":
			opens.append(width(text[text.rfind("\n", 0, i) + 1:
						i + 1]))
		elif ch in ")]":
			if opens:
				opens.pop()
			else:
				closed += 1
		i += 1
	return opens, closed


def lead(text):
	return text[:len(text) - len(text.lstrip(" \t"))]


def continues(prev):
	"""Does the line after @prev continue a statement?"""
	prev = prev.split("\n")[-1].rstrip()
	return bool(prev) and prev[-1] not in ";{}:" and \
		not prev.endswith("*/") and not prev.lstrip().startswith("#")


def fix_file(lines, edits):
	"""
	Apply @edits ({line: {offset: (length, new text)}}) to @lines; a
	line made longer than COLUMNS is wrapped, and the lines that
	continue an open parenthesis whose column moved are aligned to it
	again.  How many edits were made.
	"""
	done = 0
	align = None		# [old column, shift, open depth]
	for i, text in enumerate(lines):
		shift = 0
		if align and text.strip():
			old = lead(text)
			if width(old) >= align[0]:
				new = indent_to(width(old) + align[1])
				shift = len(new) - len(old)
				text = new + text[len(old):]
				if width(text) > COLUMNS >= width(lines[i]) \
				   and not edits.get(i + 1):
					text = "\n".join(wrap(text, True))
			opens, closed = parens(text)
			align[2] += len(opens) - closed
			if align[2] <= 0:
				align = None
		offs = edits.get(i + 1)
		if offs:
			before = text
			for off in sorted(offs, reverse=True):
				length, repl = offs[off]
				at = off + shift
				text = text[:at] + repl + text[at + length:]
				done += 1
			if width(text) > COLUMNS >= width(before):
				text = "\n".join(wrap(text, i > 0 and
						       continues(lines[i - 1])))
			was, _ = parens(before)
			now, _ = parens(text)
			last = text.split("\n")[-1]
			if last != text and now and parens(last) == ([], 0):
				# wrapped in the parenthesis the line leaves
				# open: the rest goes where the wrap put it
				now[-1] = width(lead(last))
			if was and now and len(was) == len(now) and \
			   was[-1] != now[-1]:
				align = [was[-1], now[-1] - was[-1], 1]
		lines[i] = text
	return done


def rewrite(builddir, errors):
	"""Rewrite each (file, line, col, name) once; how many were."""
	by_file = {}
	for path, line, col, name in errors:
		path = os.path.normpath(os.path.join(builddir, path))
		by_file.setdefault(path, set()).add((line, col, name))
	done = 0
	for path, errs in sorted(by_file.items()):
		with open(path) as f:
			lines = f.read().split("\n")
		edits = {}
		for line, col, name in sorted(errs):
			off = find_access(lines[line - 1], name, col)
			if off is None and line < len(lines) and \
			   re.search(r"(->|\.)\s*$", lines[line - 1]):
				# r->
				#	X: the compiler points at the ->
				m = re.match(r"\s*(%s)\b" % re.escape(name),
					     lines[line])
				if m:
					line, off = line + 1, m.start(1)
			if off is None:
				print("split-result: %s:%d:%d: no access of %s "
				      "on the line" % (path, line, col, name),
				      file=sys.stderr)
				continue
			edits.setdefault(line, {})[off] = (len(name),
							   MOVED[name])
		n = fix_file(lines, edits)
		done += n
		with open(path, "w") as f:
			f.write("\n".join(lines))
		if n:
			print("split-result: %s: %d rewritten" %
			      (os.path.relpath(path), n))
	return done


def first_arg(text, at):
	"""The end of the first argument of the call whose ( is at @at."""
	depth = 0
	quote = None
	i = at + 1
	while i < len(text):
		ch = text[i]
		if quote:
			if ch == "\\":
				i += 1
			elif ch == quote:
				quote = None
		elif ch in "\"'":
			quote = ch
		elif ch in "([{":
			depth += 1
		elif ch in ")]}":
			if depth == 0:
				return i
			depth -= 1
		elif ch == "," and depth == 0:
			return i
		i += 1
	return None


def part_of(arg, part):
	"""@arg, a pointer to a result (or &result), as a pointer to @part."""
	m = re.fullmatch(r"&\s*([A-Za-z_]\w*(?:\[[^]]*\])?)", arg)
	if m:
		return "&%s.%s" % (m[1], part)
	if re.fullmatch(r"[A-Za-z_]\w*(?:(?:->|\.)[A-Za-z_]\w*|\[[^]]*\])*",
			arg):
		return "&%s->%s" % (arg, part)
	return "&(%s)->%s" % (arg, part)


def rename_edits(text):
	"""
	The edits of a line (as fix_file() takes them) that call a RENAMED
	function by its new name, its first argument made the part's
	pointer; a mention (a comment's "name()") renamed alone.
	"""
	edits = {}
	for old, (new, part) in RENAMED.items():
		for m in re.finditer(r"\b%s\b(\s*\()?" % old, text):
			end = first_arg(text, m.end() - 1) if m[1] else None
			arg = text[m.end():end].strip() if end else ""
			if m[1] and not end and text[m.end():].strip():
				print("split-result: %s(%s: its first argument "
				      "goes on to the next line: make it %s "
				      "by hand" % (old, text[m.end():].strip(),
						   part_of("ARG", part)),
				      file=sys.stderr)
			if not arg:
				edits[m.start()] = (len(old), new)
				continue
			edits[m.start()] = (end - m.start(), new + m[1] +
					    part_of(arg, part))
	return edits


def c_files(top):
	for root, dirs, files in os.walk(top):
		dirs[:] = sorted(d for d in dirs if not d.startswith(".") and
				 d not in ("expected", "autom4te.cache"))
		for fn in sorted(files):
			if fn.endswith((".c", ".h")):
				yield os.path.join(root, fn)


def rename_pass(srcdir):
	"""Calls of the RENAMED functions in every C file; how many."""
	total = 0
	for path in c_files(srcdir):
		with open(path, errors="surrogateescape") as f:
			text = f.read()
		if not any(old in text for old in RENAMED):
			continue
		lines = text.split("\n")
		edits = {}
		for i, line in enumerate(lines):
			e = rename_edits(line)
			if e:
				edits[i + 1] = e
		if not edits:
			continue
		n = fix_file(lines, edits)
		with open(path, "w", errors="surrogateescape") as f:
			f.write("\n".join(lines))
		print("split-result: %s: %d names of functions changed" %
		      (os.path.relpath(path), n))
		total += n
	return total


def leftovers(srcdirs):
	"""Textual r->X, x.X of a moved field left (comments, #if'd code)."""
	pat = re.compile(r"\b(?:r|res|result|results\[[^]]*\])(?:->|\.)(%s)\b"
			 % "|".join(sorted(MOVED, key=len, reverse=True)))
	for top in srcdirs:
		for path in c_files(top):
			with open(path, errors="replace") as f:
				for n, text in enumerate(f, 1):
					if pat.search(text):
						yield path, n, text.rstrip()


def main():
	ap = argparse.ArgumentParser(
		description="Rewrite accesses to struct latt_result's moved "
			    "fields, where the compiler finds them.")
	ap.add_argument("-C", dest="builddir", default=".",
			help="a configured build tree (default: .)")
	ap.add_argument("-j", dest="jobs", type=int, default=2)
	ap.add_argument("--max-rounds", type=int, default=30)
	ap.add_argument("--no-clean", action="store_true",
			help="keep the objects built before (by default make "
			     "clean first: an object newer than its changed "
			     "source would hide its errors)")
	args = ap.parse_args()
	if not os.path.exists(os.path.join(args.builddir, "Makefile")):
		print("split-result: %s: no Makefile: configure it first" %
		      args.builddir, file=sys.stderr)
		return 2

	total = 0
	srcdir = None
	with open(os.path.join(args.builddir, "Makefile")) as f:
		for text in f:
			m = re.match(r"abs_top_srcdir\s*=\s*(\S+)", text)
			if m:
				srcdir = m[1]
	if not srcdir:
		print("split-result: %s/Makefile: no abs_top_srcdir" %
		      args.builddir, file=sys.stderr)
		return 2
	total += rename_pass(srcdir)
	if not args.no_clean:
		subprocess.run(["make", "clean"], cwd=args.builddir,
			       stdout=subprocess.DEVNULL)
	for rnd in range(1, args.max_rounds + 1):
		ok, out = build(args.builddir, args.jobs)
		errors = set()
		unknown = set()
		for text in out:
			m = ERR.match(text)
			if not m:
				continue
			e = (m["file"], int(m["line"]), int(m["col"]),
			     m["name"])
			(errors if m["name"] in MOVED else unknown).add(e)
		if unknown:
			for e in sorted(unknown):
				print("split-result: %s:%d:%d: %s is no field "
				      "that moved" % e, file=sys.stderr)
		if not errors:
			break
		n = rewrite(args.builddir, errors)
		total += n
		print("split-result: round %d: %d accesses rewritten" %
		      (rnd, n))
		if n == 0:
			break
	else:
		print("split-result: still errors after %d rounds" %
		      args.max_rounds, file=sys.stderr)

	print("split-result: %d accesses rewritten in all%s" %
	      (total, "" if total else ": nothing to do"))
	left = list(leftovers([srcdir]))
	if left:
		print("split-result: left as text (comments, code not "
		      "compiled here, other structs): check by hand:")
		for path, n, text in left:
			print("  %s:%d: %s" % (os.path.relpath(path), n,
					       text.strip()))
	if not ok:
		errs = [text for text in out if ANY_ERR.match(text)]
		for text in errs or out[-20:]:
			print(text, file=sys.stderr)
		print("split-result: the tree does not build: see above",
		      file=sys.stderr)
		return 1
	return 0


if __name__ == "__main__":
	sys.exit(main())
