#!/bin/sh
# Golden tests of the tools. Usage: golden.sh BUILD_DIR CASE_DIR...
# A case is NAME.cmd (one shell command line; $BUILD, $DATA and $TMP are
# set) with NAME.out (expected stdout), optional NAME.err (expected
# stderr, else empty) and NAME.rc (expected exit status, else 0); or an
# executable NAME.sh that exits 0 on success. DIR/setup.sh, when present,
# runs first with $TMP set (e.g. to build fake sysfs trees).
BUILD=$(cd "$1" && pwd); shift
pass=0; fail=0
for dir in "$@"; do
	DATA=$(cd "$dir" && pwd)
	TMP=$(mktemp -d)
	export BUILD DATA TMP
	if [ -x "$DATA/setup.sh" ] && ! "$DATA/setup.sh"; then
		echo "not ok $dir/setup.sh"; fail=$((fail + 1)); continue
	fi
	for t in "$DATA"/*.cmd "$DATA"/*.sh; do
		[ -e "$t" ] || continue
		name=${t%.*}; base=$(basename "$name")
		case "$t" in */setup.sh|*/mktree.sh) continue ;; esac
		ok=1
		if [ "${t##*.}" = sh ]; then
			"$t" >"$TMP/$base.log" 2>&1 || ok=0
		else
			sh -c "$(cat "$t")" >"$TMP/$base.out" 2>"$TMP/$base.err"
			rc=$?
			for f in "$TMP/$base.out" "$TMP/$base.err"; do
				sed -i -e "s|$TMP|@TMP@|g" -e "s|$DATA|@DATA@|g" "$f"
			done
			want=0; [ -e "$name.rc" ] && want=$(cat "$name.rc")
			[ "$rc" = "$want" ] || { echo "# $base: exit $rc, want $want" >"$TMP/$base.log"; ok=0; }
			diff -u "$name.out" "$TMP/$base.out" >>"$TMP/$base.log" || ok=0
			if [ -e "$name.err" ]; then
				diff -u "$name.err" "$TMP/$base.err" >>"$TMP/$base.log" || ok=0
			else
				diff -u /dev/null "$TMP/$base.err" >>"$TMP/$base.log" || ok=0
			fi
		fi
		if [ $ok = 1 ]; then
			echo "ok $(basename "$dir")/$base"; pass=$((pass + 1))
		else
			echo "not ok $(basename "$dir")/$base"; sed 's/^/# /' "$TMP/$base.log"
			fail=$((fail + 1))
		fi
	done
	rm -rf "$TMP"
done
echo "$pass passed, $fail failed"
[ $fail = 0 ]
