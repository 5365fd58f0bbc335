$BUILD/pidle-stat --bogus
