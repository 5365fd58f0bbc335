$BUILD/pidle-stat --help
