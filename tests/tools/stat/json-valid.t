#!/bin/sh
# Every --json report is JSON Lines that jsoncheck accepts, one line each.
set -e
ps="$BUILD/pidle-stat"
for args in "--before $TMP/before --after $TMP/after --elapsed 1" \
	    "--before $TMP/multi-before --after $TMP/multi-after --elapsed 2" \
	    "--before $TMP/nomod --after $TMP/nomod2 --elapsed 2 --no-module"; do
	$ps $args --json > "$TMP/j.json"
	[ "$(wc -l < "$TMP/j.json")" = 1 ] || { echo "not one line: $args"; exit 1; }
	"$BUILD/jsoncheck" < "$TMP/j.json"
done
# and jsoncheck itself refuses what is not JSON
for bad in '{"a":1,}' '{"a":01}' '[1 2]' '{"a":"x' '{} {}' '{"a":nul}'; do
	if echo "$bad" | "$BUILD/jsoncheck" 2>/dev/null; then echo "accepted: $bad"; exit 1; fi
done
