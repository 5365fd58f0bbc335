$BUILD/pidle-stat -n 0
