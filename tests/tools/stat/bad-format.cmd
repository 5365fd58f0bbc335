$BUILD/pidle-stat --csv --json
