$BUILD/pidle-stat --version
