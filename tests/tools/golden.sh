#!/bin/sh
# golden.sh [--update] BUILD_DIR CASE_DIR...: the golden tests of the tools,
# one format for all of them. In each CASE_DIR (run from there, with
# $BUILD, $DATA (the directory) and $TMP (a scratch directory) set):
#   NAME.cmd   a shell command line; its stdout must equal NAME.out, its
#              stderr NAME.err (none: empty), its exit status NAME.rc
#              (none: 0); $TMP and $DATA print as @TMP@ and @DATA@
#   NAME.t     an executable check that exits 0 on success
#   setup.sh   when present, runs first (e.g. to build fake sysfs trees)
# Other files (*.sub helpers, inputs) are the cases' material.
# --update rewrites NAME.out/.err/.rc from what the commands print now:
# review the diff before committing it.
# Prints "ok DIR/NAME" or "not ok DIR/NAME" and a diff per case, then
# "N passed, N failed".
update=0
[ "$1" = --update ] && { update=1; shift; }
BUILD=$(cd "$1" && pwd); shift
pass=0; fail=0
result() {	# OK NAME LOG
	if [ "$1" = 1 ]; then
		echo "ok $2"; pass=$((pass + 1))
	else
		echo "not ok $2"; sed 's/^/# /' "$3"; fail=$((fail + 1))
	fi
}
for dir in "$@"; do
	DATA=$(cd "$dir" && pwd)
	TMP=$(mktemp -d)
	export BUILD DATA TMP
	cd "$DATA" || exit 1
	: > "$TMP/setup.log"
	if [ -x setup.sh ] && ! ./setup.sh > "$TMP/setup.log" 2>&1; then
		result 0 "$(basename "$dir")/setup.sh" "$TMP/setup.log"; cd - > /dev/null; continue
	fi
	for t in *.cmd *.t; do
		[ -e "$t" ] || continue
		name=${t%.*}
		log=$TMP/$name.log
		: > "$log"
		ok=1
		if [ "${t##*.}" = t ]; then
			"./$t" > "$log" 2>&1 || ok=0
		else
			sh -c "$(cat "$t")" > "$TMP/$name.out" 2> "$TMP/$name.err"
			rc=$?
			sed -i -e "s|$TMP|@TMP@|g" -e "s|$DATA|@DATA@|g" "$TMP/$name.out" "$TMP/$name.err"
			if [ $update = 1 ]; then
				cp "$TMP/$name.out" "$name.out"
				if [ -s "$TMP/$name.err" ]; then cp "$TMP/$name.err" "$name.err"; else rm -f "$name.err"; fi
				if [ $rc != 0 ]; then echo $rc > "$name.rc"; else rm -f "$name.rc"; fi
			fi
			want=0; [ -e "$name.rc" ] && want=$(cat "$name.rc")
			[ "$rc" = "$want" ] || { echo "exit $rc, want $want" >> "$log"; ok=0; }
			diff -u "$name.out" "$TMP/$name.out" >> "$log" || ok=0
			err=/dev/null; [ -e "$name.err" ] && err=$name.err
			diff -u "$err" "$TMP/$name.err" >> "$log" || ok=0
		fi
		result $ok "$(basename "$dir")/$name" "$log"
	done
	cd - > /dev/null
	rm -rf "$TMP"
done
echo "$pass passed, $fail failed"
[ $fail = 0 ]
