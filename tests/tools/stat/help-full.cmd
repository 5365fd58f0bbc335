$BUILD/pidle-stat --help >/dev/full
