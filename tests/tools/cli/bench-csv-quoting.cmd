printf 'state a,"b" 0\ntimer 0 1000 2000\n' > $TMP/q.txt; $BUILD/pidle-bench --samples-from $TMP/q.txt --csv; $BUILD/pidle-bench --samples-from $TMP/q.txt --json | jq -r '.results[0].name'
