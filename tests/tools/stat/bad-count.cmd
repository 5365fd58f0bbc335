$BUILD/pidle-stat -n x2
