#!/bin/sh
# Every option is documented: in --help, in man/latt.1 and in the bash
# completion; every page of the manual is clean under groff's warnings,
# and latt(1) names each topic page, latt-*(7).
. "${top_srcdir:-.}/tests/lib.sh"

man="$top_srcdir/man/latt.1"
comp="$top_srcdir/contrib/bash-completion/latt"
"$latt" --help=all >"$tmp/help"
opts=$(grep -o -- '--[a-z][a-z-]*' "$tmp/help" | sort -u)
nopts=$(echo "$opts" | wc -l)
topics=$(cd "$top_srcdir/man" && ls latt-*.7)
ntopics=$(echo "$topics" | wc -l)

# latt compare's and latt calibrate's own options too.
"$latt" compare --help >"$tmp/chelp"
"$latt" calibrate --help >"$tmp/khelp"
sub=$(cat "$tmp/chelp" "$tmp/khelp" | grep -o -- '--[a-z][a-z-]*' | sort -u)
nsub=$(echo "$sub" | wc -l)

plan $((nopts * 2 + nsub * 2 + 15 + ntopics * 2))

for o in $opts; do
	roff=$(printf '%s' "$o" | sed 's/-/\\\\-/g')
	check "man page documents $o" grep -q -- "$roff" "$man"
	check "bash completion offers $o" grep -q -- "$o" "$comp"
done

for o in $sub; do
	roff=$(printf '%s' "$o" | sed 's/-/\\\\-/g')
	check "man page documents latt compare's or calibrate's $o" grep -q -- "$roff" "$man"
	check "bash completion offers $o" grep -q -- "$o" "$comp"
done

# The names --clock and --mechanism take: latt's own tables (as its
# message for a wrong name lists them) in the completion and the manual.
names() {
	"$latt" "$1" '?' 2>&1 | sed 's/.*expected //; s/, / /g; s/ or / /'
}
for o in --clock --mechanism; do
	want=$(names $o)
	case $o in
	--clock) got=$(sed -n 's/.*--clock) vals="\(.*\)" ;;/\1/p' "$comp") ;;
	*) got=$(sed -n 's/.*mechanism) echo "\(.*\)" ;;/\1/p' "$comp") ;;
	esac
	is "$got" "$want" "the completion offers latt's names for $o"
	# Each name set in bold in the option's paragraph.
	para=$(sed -n "/^\\\\fB\\\\-\\\\-${o#--}\\\\fR/,/^\\.TP/p" "$man")
	missing=""
	for n in $want; do
		printf '%s\n' "$para" | grep -q "^\.B $n\$" || missing="$missing $n"
	done
	is "$missing" "" "the manual names each of latt's names for $o"
done

for s in "EXIT STATUS" "EXAMPLES" "OPTIONS"; do
	check "man page has $s" grep -q "^\.SH \"*$s" "$man"
done

if command -v groff >/dev/null; then
	groff -t -man -ww -z "$man" >"$tmp/groff" 2>&1
	check "groff -t -man -ww -z is clean" test ! -s "$tmp/groff"
else
	skip "groff is not installed"
fi
for t in $topics; do
	page=${t%.7}
	roff=$(printf '%s' "$page" | sed 's/-/\\\\-/g')
	check "latt(1) names $page(7)" grep -q "^\.BR $roff (7)" "$man"
	if command -v groff >/dev/null; then
		groff -t -man -ww -z "$top_srcdir/man/$t" >"$tmp/groff" 2>&1
		check "$t: groff -t -man -ww -z is clean" test ! -s "$tmp/groff"
	else
		skip "groff is not installed"
	fi
done
if command -v bash >/dev/null; then
	check "the completion script parses" bash -n "$comp"
	# The completion for "latt --gr" offers --grace.
	got=$(bash -c '. "$1"; COMP_WORDS=(latt --gr); COMP_CWORD=1; _latt; echo "${COMPREPLY[*]}"' _ "$comp" 2>/dev/null)
	is "$got" "--grace" "completing 'latt --gr' offers --grace"
	complete_words() {
		bash -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _latt; echo "${COMPREPLY[*]}"' _ "$comp" "$@" 2>/dev/null
	}
	is "$(complete_words latt calib)" "calibrate" "completing 'latt calib' offers calibrate"
	is "$(complete_words latt calibrate -c2 --inv)" "--invocations" \
		"... then its own options among latt's"
	is "$(complete_words latt calibrate --invocations 3 -c)" "-c" \
		"... past --invocations' value, latt's options"
	is "$(complete_words latt compare --prof)" "--profile" \
		"completing 'latt compare --prof' offers --profile"
	# An option that takes no value is not taken to eat the command.
	bad=
	for o in $("$latt" --help=all | grep -E '^ +(-[a-zA-Z], )?--[a-z-]+(\[=[A-Z]+\])?  ' |
		sed -E 's/^ +(-[a-zA-Z], )?(--[a-z-]+).*/\2/'); do
		case " $(complete_words latt "$o" tru) " in
		*" true "*) ;;
		*) bad="$bad $o" ;;
		esac
	done
	is "$bad" "" "after each option without a value (--no-cmd-waits, ...), the command is completed"
else
	for i in 1 2 3 4 5 6; do skip "bash is not installed"; done
fi
